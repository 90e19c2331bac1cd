import { Button } from '@mantine/core';
import { showError } from '../../lib/alerts';
import { useDownloadCalendar } from './api/download-calendar';
import type { ForecastLocation } from './api/get-forecast';

/** The next 30 days of major and minor periods, sunrise and sunset, as a file any calendar app imports. */
export function CalendarDownload({ location }: { location: ForecastLocation }) {
  const download = useDownloadCalendar();
  const start = () =>
    download.mutate({ name: location.name, lat: location.lat, lng: location.lng }, { onError: (error) => showError(error.message) });

  return (
    <Button variant="light" onClick={start} loading={download.isPending}>
      Download calendar (.ics)
    </Button>
  );
}
