import { Alert, Badge, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { EventListItem, EventsQuery } from '@tightlines/core/api/events';
import { eventMessages } from '@tightlines/core/events/messages';
import { EVENT_SPECIES, EVENT_TYPES, LIST_SIZES } from '@tightlines/core/events/model';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { useEvents } from './api/get-events';
import { eventPath, listDate } from './event-format';
import { US_STATES } from './us-states';

const FILTERS = ['type', 'species', 'size', 'state'] as const;

/** /events: the public list with its four filters, kept in the address so a filtered list can be shared. */
export function EventsPage() {
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])) as Record<(typeof FILTERS)[number], string>;
  const query: EventsQuery = {
    type: filter.type || undefined,
    species: filter.species || undefined,
    size: filter.size ? Number(filter.size) : undefined,
    state: filter.state || undefined,
  };
  const list = useEvents(query);
  const set = (key: (typeof FILTERS)[number], value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <Page title="Events" size="lg">
      <Card withBorder mb="md" component="section" aria-label="Filters">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <Select label="Event Type" placeholder="Any" data={[...EVENT_TYPES]} value={filter.type || null} onChange={(v) => set('type', v)} clearable />
          <Select label="Species" placeholder="Any" data={[...EVENT_SPECIES]} value={filter.species || null} onChange={(v) => set('species', v)} clearable />
          <Select
            label="Size"
            placeholder="Any"
            data={LIST_SIZES.map(String)}
            value={filter.size || null}
            onChange={(v) => set('size', v)}
            clearable
          />
          <Select label="State" placeholder="Any" data={US_STATES} value={filter.state || null} onChange={(v) => set('state', v)} searchable clearable />
          <Button variant="light" onClick={() => setParams(new URLSearchParams(), { replace: true })} style={{ alignSelf: 'end' }}>
            Reset Filter
          </Button>
        </SimpleGrid>
      </Card>
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading events" />
        </Group>
      ) : list.data === undefined ? (
        <Alert color="red" role="alert" title="Events could not be loaded">
          {list.error?.message}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : list.data.pages[0]?.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {eventMessages.noEvents}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="event-list">
          {list.data.pages.flat().map((event) => (
            <EventItem key={event._id} event={event} />
          ))}
          {list.isFetchNextPageError && (
            <Alert color="red" role="alert" title="More events could not be loaded">
              {list.error?.message} Try again, or reload the page to start from the top.
            </Alert>
          )}
          {list.hasNextPage && (
            <Group justify="center">
              <Button variant="light" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Show more events
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Page>
  );
}

function EventItem({ event }: { event: EventListItem }) {
  const navigate = useNavigate();
  const to = eventPath(event);
  return (
    <Card withBorder padding="sm" onClick={() => void navigate(to)} style={{ cursor: 'pointer' }} data-testid="event-item">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Text fw={700} truncate>
            {event.name}
          </Text>
          <Text size="sm" c="dimmed">
            {listDate(event.dateStart, event.tz)}
          </Text>
          <Group gap={6} mt={6}>
            <Badge variant="light">{event.type}</Badge>
            {event.format && <Badge variant="outline">{event.format}</Badge>}
            {event.state && <Badge variant="outline" color="gray">{event.state}</Badge>}
            {event.species.map((s) => (
              <Badge key={s} variant="dot" color="teal">
                {s}
              </Badge>
            ))}
          </Group>
        </div>
        <Button component={Link} to={to} onClick={(e) => e.stopPropagation()} variant="filled" size="sm">
          View
        </Button>
      </Group>
    </Card>
  );
}
