import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { fishBrief } from '../../lib/format';
import { useStats } from './api/get-stats';
import { Reading, WidgetCard, WidgetSkeleton } from './widget-card';

export function StatsWidget() {
  const stats = useStats();
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
          <Reading label="Largest fish" value={stats.data.largestFish ? fishBrief(stats.data.largestFish) : '-'} />
          <Reading label="Favorite lure" value={stats.data.favoriteLure?.lureName ?? '-'} />
          <Reading label="Recent catch" value={stats.data.mostRecentCatch ? fishBrief(stats.data.mostRecentCatch.fish) : '-'} />
          <Reading label="Inner Circle" value={String(stats.data.innerCircle.length)} />
          <Button component={Link} to="/inner-circle" variant="light" size="xs" mt="xs">
            {stats.data.innerCircle.length > 0 ? 'View your Inner Circle' : 'Grow your Inner Circle'}
          </Button>
        </Stack>
      )}
    </WidgetCard>
  );
}
