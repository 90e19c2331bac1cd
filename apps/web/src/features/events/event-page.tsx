import { Alert, Anchor, Button, Container, Group, Modal, Tabs, Text } from '@mantine/core';
import type { EventView } from '@tightlines/core/api/events';
import { eventMessages } from '@tightlines/core/events/messages';
import { registrationMessages } from '@tightlines/core/events/registration-messages';
import { eventTimeState, hasSchedule } from '@tightlines/core/events/model';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page';
import { useCurrentUser } from '../../lib/current-user';
import { useEvent } from './api/get-event';
import { CheckinButton, RegisterButton } from './registration';
import { EventHeader, EventMissing, InfoTab, LakesTab, RulesTab, ScheduleTab } from './event-parts';
import { FishEntryModal } from './fish-entry';
import { FedLeaderboard } from './leaderboard';

/** /event/:id */
export function EventPage() {
  const { id = '' } = useParams();
  const query = useEvent(id);
  usePageTitle(query.data?.name ?? 'Event');
  if (query.isPending) return <LoadingPage />;
  if (query.isError) return <EventMissing error={query.error} onRetry={() => void query.refetch()} />;
  return <EventDetails event={query.data} />;
}

function EventDetails({ event }: { event: EventView }) {
  const [state] = useState(() => eventTimeState(event, new Date()));
  // Once the event has started, the leaderboard is what people come for.
  const [tab, setTab] = useState<string | null>(state === 'not started' ? 'info' : 'leaderboard');
  return (
    <Container size="lg" py="lg">
      <EventHeader event={event} />
      {state === 'ended' && (
        <Alert color="blue" variant="light" mb="md">
          {eventMessages.ended}
        </Alert>
      )}
      <EventActions event={event} state={state} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="info">Info</Tabs.Tab>
          <Tabs.Tab value="lakes">Lakes</Tabs.Tab>
          <Tabs.Tab value="leaderboard">Leaderboard</Tabs.Tab>
          {hasSchedule(event.type) && <Tabs.Tab value="schedule">Schedule</Tabs.Tab>}
          <Tabs.Tab value="rules">Rules</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info">
          <InfoTab event={event} />
        </Tabs.Panel>
        <Tabs.Panel value="lakes">
          <LakesTab event={event} />
        </Tabs.Panel>
        <Tabs.Panel value="leaderboard">
          <FedLeaderboard event={event} />
        </Tabs.Panel>
        <Tabs.Panel value="schedule">
          <ScheduleTab event={event} />
        </Tabs.Panel>
        <Tabs.Panel value="rules">
          <RulesTab event={event} />
        </Tabs.Panel>
      </Tabs>
      <RegisteredModal />
    </Container>
  );
}

/**
 * Register Today while registration is open (an outside registration link, or a member not yet
 * entered before the end); Check In and Enter Fish for entrants while it runs.
 */
function EventActions({ event, state }: { event: EventView; state: ReturnType<typeof eventTimeState> }) {
  const { user } = useCurrentUser();
  const registered = event.viewer.registered;
  const viaLink = state === 'not started' && event.registrationLink;
  const canRegister = viaLink || (!registered && state !== 'ended' && event.status === 'Active');
  const fishedThisWeek = registered && user ? checkedInThisWeek(event, user._id) : false;
  return (
    <Group gap="sm" mb="md">
      {state !== 'not started' && (
        <Button component={Link} to={`/event-leaderboard/${encodeURIComponent(event._id)}`} color="orange">
          View Live Leaderboard!
        </Button>
      )}
      {canRegister &&
        (viaLink ? (
          <Button component="a" href={event.registrationLink ?? undefined} target="_blank" rel="noopener noreferrer">
            Register Today
          </Button>
        ) : (
          <RegisterButton event={event} />
        ))}
      {registered && state === 'started' && (
        <>
          {!fishedThisWeek && <CheckinButton event={event} />}
          <EnterFishButton event={event} />
        </>
      )}
      {fishedThisWeek && <Text c="dimmed">{registrationMessages.fishedThisWeek}</Text>}
      {registered && <Text c="green">{registrationMessages.alreadyRegistered}</Text>}
    </Group>
  );
}

/** A scheduled event: whether the member has checked in during the week being fished now. */
function checkedInThisWeek(event: EventView, userId: string, now = Date.now()): boolean {
  const week = event.schedule.find((w) => Date.parse(w.dateStart) <= now && now < Date.parse(w.dateEnd));
  const mine = event.entries.find((e) => e.uid === userId);
  if (!week || !mine) return false;
  // Still inside the check-in's timespan, Check In answers its key again, so it stays offered.
  const active = mine.checkins.some((c) => now - Date.parse(c.date) < event.timespan * 3_600_000);
  return !active && mine.checkins.some((c) => Date.parse(c.date) >= Date.parse(week.dateStart) && Date.parse(c.date) < Date.parse(week.dateEnd));
}

/** ?action=email: the angler just registered from an e-mail; the phone is where they will fish from. */
function RegisteredModal() {
  const [params, setParams] = useSearchParams();
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete('action');
    setParams(next, { replace: true });
  };
  return (
    <Modal opened={params.get('action') === 'email'} onClose={close} title="You are registered for this event!" centered>
      <Text size="sm">
        Check in, enter your fish and follow the leaderboard from your phone. Get the app for{' '}
        <Anchor component={Link} to="/app-info">
          iPhone and Android
        </Anchor>
        .
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={close}>Got it</Button>
      </Group>
    </Modal>
  );
}

/** Enter Fish: offered while the member's check-in runs (the board's check mark says so); opens the entry form. */
function EnterFishButton({ event }: { event: EventView }) {
  const { user } = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const mine = event.entries.find((e) => e.uid === user?._id);
  const checkedIn = event.leaderboard.some((r) => r.entryId === mine?._id && r.checkedIn);
  if (!checkedIn) return null;
  return (
    <>
      <Button color="teal" onClick={() => setOpened(true)}>
        Enter Fish
      </Button>
      <FishEntryModal event={event} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
