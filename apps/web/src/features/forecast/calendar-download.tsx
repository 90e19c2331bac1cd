import { Button } from '@mantine/core';
import { useState } from 'react';
import { showError } from '../../lib/alerts';
import type { ApiError } from '../../lib/api';
import { fetchCalendar, type ForecastLocation } from './api';

const FILE_NAME = 'tightlines-solunar.ics';

/** The next 30 days of major and minor periods, sunrise and sunset, as a file any calendar app imports. */
export function CalendarDownload({ location }: { location: ForecastLocation }) {
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const text = await fetchCalendar({ name: location.name, lat: location.lat, lng: location.lng });
      const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = FILE_NAME;
      document.body.append(link);
      link.click();
      link.remove();
      // Not revoked at once: the browser reads the blob for the download after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 30_000);
    } catch (error) {
      showError((error as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="light" onClick={() => void download()} loading={busy}>
      Download calendar (.ics)
    </Button>
  );
}
