import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../lib/api';
import { dashboardKeys, fetchCurrentLunar, type Point } from './api';
import type { PositionState } from './use-position';
import { NeedsLocation, Reading, WidgetCard, WidgetSkeleton } from './widget-card';

export function LunarWidget({ position }: { position: PositionState }) {
  return (
    <WidgetCard title="Lunar">
      {position.status === 'off' ? (
        <NeedsLocation what="moon and sun times" />
      ) : position.status === 'locating' ? (
        <WidgetSkeleton />
      ) : (
        <LunarBody point={position.point} />
      )}
    </WidgetCard>
  );
}

function LunarBody({ point }: { point: Point }) {
  const query = useQuery({
    queryKey: dashboardKeys.lunar(point),
    queryFn: () => fetchCurrentLunar(point),
    staleTime: 30 * 60_000,
  });
  if (query.isPending) return <WidgetSkeleton />;
  if (query.isError) return <Text size="sm">{(query.error as ApiError).message}</Text>;
  const { moon, sun } = query.data;
  return (
    <Stack gap={6}>
      <div>
        <Text fw={700} size="lg">
          {moon.phase}
        </Text>
        <Text size="sm" c="dimmed">
          {moon.illumination}% illuminated
        </Text>
      </div>
      <Reading label="Moon above" value={moon.above} />
      <Reading label="Moon below" value={moon.below} />
      <Reading label="Moon rise" value={moon.rise} />
      <Reading label="Moon set" value={moon.set} />
      <Reading label="Sunrise" value={sun.rise} />
      <Reading label="Sunset" value={sun.set} />
    </Stack>
  );
}
