import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { EventView } from '@tightlines/core/api/events';
import { useState } from 'react';
import { useInvite, useMoveDates } from './owner-api';

/** Details: the event's facts, and its dates, which owners may move (POST api/fc/event/dates/{id}). */
export function DetailsTab({ event }: { event: EventView }) {
  const [start, setStart] = useState((event.dateStart ?? '').slice(0, 16));
  const [end, setEnd] = useState((event.dateEnd ?? '').slice(0, 16));
  const move = useMoveDates(event._id);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Text size="sm">Type: {event.type}</Text>
        <Text size="sm">Format: {event.format ?? '—'}</Text>
        <Text size="sm">Entry fee: {event.cost > 0 ? `$${event.cost}` : 'Free Event!'}</Text>
        <Text size="sm">Species: {event.species.join(', ') || '—'}</Text>
        <Text size="sm">Divisions: {event.divisions.join(', ') || '—'}</Text>
        <Text size="sm">{event.public ? 'Public event' : 'Private event'}</Text>
      </SimpleGrid>
      {move.error && (
        <Alert color="red" role="alert">
          {move.error.message}
        </Alert>
      )}
      {move.isSuccess && <Alert color="green">The dates are saved.</Alert>}
      <Group align="end" wrap="wrap">
        <TextInput label={`Start (${event.tz})`} type="datetime-local" value={start} onChange={(e) => setStart(e.currentTarget.value)} />
        <TextInput label={`End (${event.tz})`} type="datetime-local" value={end} onChange={(e) => setEnd(e.currentTarget.value)} />
        <Button onClick={() => move.mutate({ dateStart: start, dateEnd: end })} loading={move.isPending}>
          Save dates
        </Button>
      </Group>
    </Stack>
  );
}

/** The weeks of a League or Series; a week that has ended is shown as read-only. */
export function ScheduleWeeks({ event, now }: { event: EventView; now: Date }) {
  if (event.schedule.length === 0) return <Alert color="gray">No weeks are scheduled.</Alert>;
  return (
    <Stack gap="xs">
      {event.schedule.map((w) => {
        const ended = Date.parse(w.dateEnd) < now.getTime();
        return (
          <Card key={w._id} withBorder padding="sm">
            <Group justify="space-between" wrap="wrap">
              <Text fw={600}>Week {w.number}</Text>
              {ended ? <Badge color="gray">Ended · read-only</Badge> : <Badge>Upcoming or running</Badge>}
            </Group>
            <Text size="sm">
              {new Date(w.dateStart).toLocaleDateString()} – {new Date(w.dateEnd).toLocaleDateString()} · {w.lakes.join(', ') || 'Lakes to be announced'} · {w.entries.length} checked in
            </Text>
          </Card>
        );
      })}
    </Stack>
  );
}

/** Invites of a private event, by e-mail or username. */
export function InvitesTab({ event }: { event: EventView }) {
  const [who, setWho] = useState('');
  const invite = useInvite(event._id);
  if (event.public) return <Alert color="gray">This is a public event: anyone can find and enter it, so it needs no invites.</Alert>;
  return (
    <Stack gap="sm">
      {invite.error && (
        <Alert color="red" role="alert">
          {invite.error.message}
        </Alert>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          invite.mutate(who.trim(), { onSuccess: () => setWho('') });
        }}
      >
        <Group align="end" wrap="nowrap">
          <TextInput label="Email or username" value={who} onChange={(e) => setWho(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button type="submit" loading={invite.isPending} disabled={!who.trim()}>
            Invite
          </Button>
        </Group>
      </form>
      {event.invites.length === 0 ? (
        <Text c="dimmed">No one is invited yet.</Text>
      ) : (
        event.invites.map((i, n) => (
          <Text key={n} size="sm">
            {i.email ?? i.username}
          </Text>
        ))
      )}
    </Stack>
  );
}
