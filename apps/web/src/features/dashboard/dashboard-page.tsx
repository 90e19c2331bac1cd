import { Alert, Button, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { messages } from '@tightlines/core/messages';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { useCurrentUser } from '../../lib/current-user';
import { usePosition } from '../../lib/geolocation';
import { ActionButton } from './action-button';
import { useStats } from './api/get-stats';
import { DownloadAppPopup } from './download-app-popup';
import { useMyEvents } from './api/my-events';
import { EventsWidget } from './events-widget';
import { LunarWidget } from './lunar-widget';
import { PlaceSearch } from './place-search';
import { StatsWidget } from './stats-widget';
import { WeatherWidget } from './weather-widget';

const APPROXIMATE = {
  network: 'your approximate place from your network',
  'last-log': 'the place of your last log',
  'last-search': 'your last forecast search',
  search: 'the place you searched for',
} as const;

const DashboardCharts = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.DashboardCharts })));

export function DashboardPage() {
  const { user } = useCurrentUser();
  const position = usePosition();
  const stats = useStats();
  const mine = useMyEvents();
  const known = new Set(mine.data?.registered.map((e) => e.eventId));
  // The account's own list (the seed's events.registered) and the events' entries, once each.
  const registered = [...(mine.data?.registered ?? []), ...(user?.events.registered ?? []).filter((e) => !known.has(e.eventId))];
  const owned = mine.data?.owned ?? [];
  return (
    <Page title="Dashboard" size="lg">
      <Group justify="space-between" mb="lg">
        <Text size="lg">
          Welcome, <strong>{user?.username}</strong>
          {user?.premiumMember ? ' · Premium' : ''}
        </Text>
        <Button component={Link} to="/create-event" variant="light">
          Create an Event
        </Button>
      </Group>
      {(position.status === 'off' || (position.status === 'ready' && position.approximate)) && (
        <Alert color="yellow" variant="light" mb="lg" role="alert">
          {messages.geolocationDisabled}
          {position.status === 'ready' && position.approximate && (
            <Text size="sm" mt={4} data-testid="approximate-place">
              Showing {APPROXIMATE[position.approximate.source]}
              {position.approximate.label ? `: ${position.approximate.label}` : ''}.
            </Text>
          )}
          {position.status === 'off' && <PlaceSearch />}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <WeatherWidget position={position} />
        <LunarWidget position={position} />
        <StatsWidget />
        {registered.length + owned.length > 0 && <EventsWidget registered={registered} owned={owned} />}
      </SimpleGrid>
      {stats.data && (
        <Suspense fallback={<Skeleton height={280} mt="md" />}>
          <DashboardCharts charts={stats.data.charts} />
        </Suspense>
      )}
      <ActionButton />
      <DownloadAppPopup />
    </Page>
  );
}
