import { Alert, Anchor, Badge, Button, Card, Group, Image, List, Stack, Table, Text, Title, Typography } from '@mantine/core';
import type { MapMarker } from '@tightlines/core/api/analysis';
import type { EventView } from '@tightlines/core/api/events';
import { eventMessages } from '@tightlines/core/events/messages';
import type { LakeOutline } from '@tightlines/core/geo';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { LogMap } from '../../components/map/log-map';
import { ApiError } from '../../lib/api';
import { dayRange, feeText, listDate } from './event-format';

/** The header of the details and series pages: name, type, dates, fee, species. */
export function EventHeader({ event }: { event: EventView }) {
  return (
    <Stack gap={6} mb="md">
      <Group gap="xs">
        <Title order={1} size="h2">
          {event.name}
        </Title>
        {event.status === 'Draft' && <Badge color="yellow">Draft</Badge>}
        {!event.public && <Badge color="gray">Private</Badge>}
      </Group>
      <Group gap="sm" wrap="wrap">
        <Badge variant="light">{event.type}</Badge>
        <Text fw={600}>{dayRange(event.dateStart, event.dateEnd, event.tz)}</Text>
        <Text fw={600} c={event.cost > 0 ? undefined : 'green'} data-testid="event-fee">
          {feeText(event.cost, eventMessages.freeEvent)}
        </Text>
      </Group>
      <Group gap={6}>
        {event.species.map((s) => (
          <Badge key={s} variant="dot" color="teal">
            {s}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

export function InfoTab({ event }: { event: EventView }) {
  return (
    <Stack gap="sm">
      {event.image && <Image src={event.image} alt={`${event.name ?? 'Event'} logo`} maw={240} radius="md" />}
      {event.description ? (
        // Sanitised on the server before it was stored (apps/server/src/modules/events/sanitize.ts).
        <Typography>
          <div dangerouslySetInnerHTML={{ __html: event.description }} />
        </Typography>
      ) : (
        <Text c="dimmed">The organiser has not written a description.</Text>
      )}
      <Table variant="vertical" withTableBorder maw={520}>
        <Table.Tbody>
          <Row label="Format" value={event.format} />
          <Row label="Starts" value={event.dateStart && listDate(event.dateStart, event.tz)} />
          <Row label="Ends" value={event.dateEnd && listDate(event.dateEnd, event.tz)} />
          <Row label="State" value={event.state} />
          <Row label="Bag size" value={event.bagSize && String(event.bagSize)} />
          <Row label="Hours per day" value={event.hoursInDay && String(event.hoursInDay)} />
          <Row label="Divisions" value={event.divisions.join(', ')} />
          <Row label="Organisers" value={event.owners.map((o) => o.username).join(', ')} />
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string | null | undefined | 0 }) {
  if (!value) return null;
  return (
    <Table.Tr>
      <Table.Th w={140}>{label}</Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
}

/** The event's lakes: their names and a map with a marker and the outline of each. */
export function LakesTab({ event, height = 360 }: { event: EventView; height?: number }) {
  const markers = useMemo<MapMarker[]>(
    () => event.lakes.map((l) => ({ _id: l._id, lat: l.marker.lat, lng: l.marker.lng, type: 'Catch', date: '', lake: l.name })),
    [event.lakes],
  );
  const areas = useMemo(() => event.lakes.map((l) => l.area).filter((a): a is LakeOutline => a !== null), [event.lakes]);
  if (event.lakes.length === 0) return <Text c="dimmed">No lakes have been added to this event.</Text>;
  return (
    <Stack gap="sm">
      <List>
        {event.lakes.map((l) => (
          <List.Item key={l._id}>{l.name}</List.Item>
        ))}
      </List>
      <LogMap label={`Map of the lakes of ${event.name ?? 'this event'}`} markers={markers} areas={areas} viewLabel={() => ''} controls={false} height={height} />
    </Stack>
  );
}

export function ScheduleTab({ event, weeks = event.schedule }: { event: EventView; weeks?: EventView['schedule'] }) {
  if (weeks.length === 0) return <Text c="dimmed">No weeks are scheduled.</Text>;
  return (
    <Stack gap="xs">
      {weeks.map((w) => (
        <Card key={w._id} withBorder padding="sm">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600}>Week {w.number}</Text>
            <Text size="sm">{dayRange(w.dateStart, w.dateEnd, event.tz)}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {w.lakes.length > 0 ? w.lakes.join(', ') : 'Lakes to be announced'}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

export function RulesTab({ event }: { event: EventView }) {
  return event.rules ? (
    <Button component="a" href={event.rules} target="_blank" rel="noopener noreferrer" variant="light">
      Download the rules
    </Button>
  ) : (
    <Text c="dimmed">The organiser has not posted rules yet.</Text>
  );
}

export function EventMissing({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  const gone = error instanceof ApiError && error.status === 404;
  return (
    <Alert color={gone ? 'yellow' : 'red'} title={gone ? 'Event not found' : 'The event could not be loaded'} role="alert" m="lg">
      <Text size="sm">{error.message}</Text>
      <Group mt="sm">
        {!gone && (
          <Button size="xs" onClick={onRetry}>
            Try again
          </Button>
        )}
        <Anchor component={Link} to="/events" size="sm">
          All events
        </Anchor>
      </Group>
    </Alert>
  );
}
