import { Alert, Modal, Skeleton, Stack, useMatches } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { dayLabel } from '../../lib/format';
import { useHourly } from './api/get-hourly';

// chart.js is the largest thing on the page and only this modal needs it.
const HourlyCharts = lazy(() => import('./hourly-charts').then((m) => ({ default: m.HourlyCharts })));

type Props = { search: string; place: string; date: string | null; onClose: () => void };

export function HourlyModal({ search, place, date, onClose }: Props) {
  // The app renders only in the browser, so the width can be read at once rather than in an effect.
  const phone = useMatches({ base: true, sm: false }, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={date !== null}
      onClose={onClose}
      title={date ? `Hourly forecast · ${place} · ${dayLabel(date, 'long')}` : ''}
      size="xl"
      fullScreen={phone}
      styles={{ title: { fontWeight: 700 } }}
    >
      {date && <HourlyBody search={search} date={date} />}
    </Modal>
  );
}

function ChartsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the hourly forecast">
      <Skeleton h={260} />
      <Skeleton h={200} />
    </Stack>
  );
}

function HourlyBody({ search, date }: { search: string; date: string }) {
  const query = useHourly(search, date);
  if (query.isPending) return <ChartsSkeleton />;
  if (query.isError) {
    return (
      <Alert color="yellow" variant="light" role="alert">
        {query.error.message}
      </Alert>
    );
  }
  return (
    <Suspense fallback={<ChartsSkeleton />}>
      <HourlyCharts hours={query.data} />
    </Suspense>
  );
}
