import { Stack, Text } from '@mantine/core';
import type { Point, PositionState } from '../../lib/geolocation';
import { useCurrentLunar } from './api/get-current-lunar';
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
  const query = useCurrentLunar(point);
  if (query.isPending) return <WidgetSkeleton />;
  if (query.isError) return <Text size="sm">{query.error.message}</Text>;
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
