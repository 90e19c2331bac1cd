import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { dashboardKeys, fetchStats } from './api';
import { Reading, WidgetCard, WidgetSkeleton } from './widget-card';

const fish = (f: { length: number | null; species: string | null }) =>
  [f.length === null ? null : `${f.length}"`, f.species].filter(Boolean).join(' ') || 'A fish';

export function StatsWidget() {
  const stats = useQuery({ queryKey: dashboardKeys.stats, queryFn: fetchStats });
  return (
    <WidgetCard title="Your Stats">
      {stats.isPending ? (
        <WidgetSkeleton />
      ) : stats.isError ? (
        <Text size="sm" c="red">
          Your stats could not be loaded: {stats.error.message}
        </Text>
      ) : (
        <Stack gap={6}>
          <Reading label="Largest fish" value={stats.data.largestFish ? fish(stats.data.largestFish) : '-'} />
          <Reading label="Favorite lure" value={stats.data.favoriteLure?.lureName ?? '-'} />
          <Reading label="Recent catch" value={stats.data.mostRecentCatch ? fish(stats.data.mostRecentCatch.fish) : '-'} />
          <Reading label="Inner Circle" value={String(stats.data.innerCircle.length)} />
          <Button component={Link} to="/inner-circle" variant="light" size="xs" mt="xs">
            {stats.data.innerCircle.length > 0 ? 'View your Inner Circle' : 'Grow your Inner Circle'}
          </Button>
        </Stack>
      )}
    </WidgetCard>
  );
}
