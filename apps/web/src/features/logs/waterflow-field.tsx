import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { LogView } from '@tightlines/core/logs';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { ApiError } from '../../lib/api';
import { lookupWaterflow, type WaterflowLookup } from './api';

type Props = {
  logId: string | undefined;
  point: { lat: number; lng: number } | null;
  date: string;
  saved: LogView['lake'] | null;
};

type Shown = Pick<WaterflowLookup, 'waterflow'> & { station: string | null; siteCode: string | null; agency: string | null };

export function WaterflowField({ logId, point, date, saved }: Props) {
  const [result, setResult] = useState<Shown | null>(saved?.waterflow ? { ...saved, waterflow: saved.waterflow } : null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const lookup = async () => {
    if (!point) return;
    setBusy(true);
    setError(null);
    try {
      setResult(await lookupWaterflow(logId, { ...point, date }));
    } catch (e) {
      setResult(null);
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  const flow = result?.waterflow;
  return (
    <Card withBorder padding="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            Waterflow
          </Text>
          <Button size="xs" variant="light" onClick={() => void lookup()} loading={busy} disabled={!point}>
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
            {flow.measuredAt ? ` · measured ${dayjs(flow.measuredAt).format('MM/DD/YYYY hh:mma')}` : ''}
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
