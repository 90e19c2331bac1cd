import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { LogView, WaterflowReading } from '@tightlines/core/logs';
import { useState } from 'react';
import { dateTimeLabel } from '../../lib/format';
import { useWaterflowLookup } from './api/log-extras';

type Props = {
  logId: string | undefined;
  point: { lat: number; lng: number } | null;
  date: string;
  saved: LogView['lake'] | null;
};

type Shown = Pick<WaterflowReading, 'waterflow'> & { station: string | null; siteCode: string | null; agency: string | null };

export function WaterflowField({ logId, point, date, saved }: Props) {
  const [result, setResult] = useState<Shown | null>(saved?.waterflow ? { ...saved, waterflow: saved.waterflow } : null);
  const lookup = useWaterflowLookup();
  const error = lookup.isError ? lookup.error.message : null;

  const start = () => {
    if (!point) return;
    lookup.mutate({ id: logId, ...point, date }, { onSuccess: setResult, onError: () => setResult(null) });
  };

  const flow = result?.waterflow;
  return (
    <Card withBorder padding="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            Waterflow
          </Text>
          <Button size="xs" variant="light" onClick={start} loading={lookup.isPending} disabled={!point}>
            Look up waterflow
          </Button>
        </Group>
        {!point && (
          <Text size="xs" c="dimmed">
            Pick a location first: the nearest river gauge is found from it.
          </Text>
        )}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        {flow && result && (
          <Text size="sm" data-testid="waterflow">
            {result.station ?? 'Gauge'}
            {result.siteCode ? ` (${result.agency ?? ''} ${result.siteCode})` : ''}: {flow.rate == null ? '-' : `${flow.rate} ${flow.unit}`}
            {flow.gageHeight == null ? '' : `, gage height ${flow.gageHeight} ft`}
            {flow.measuredAt ? ` · measured ${dateTimeLabel(flow.measuredAt)}` : ''}
          </Text>
        )}
        {point && !flow && !error && (
          <Text size="xs" c="dimmed">
            Flow at the nearest river gauge for this place and time, where there is one.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
