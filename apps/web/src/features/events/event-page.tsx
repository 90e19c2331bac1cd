import { Alert, Anchor, Button, Container, Group, Modal, Tabs, Text } from '@mantine/core';
import type { EventView } from '@tightlines/core/api/events';
import { eventMessages } from '@tightlines/core/events/messages';
import { eventTimeState, hasSchedule } from '@tightlines/core/events/model';
import { useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page';
import { showSuccess } from '../../lib/alerts';
import { useCurrentUser } from '../../lib/current-user';
import { useEvent } from './api/get-event';
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
  const location = useLocation();
  const registered = event.viewer.registered;
  const viaLink = state === 'not started' && event.registrationLink;
  const canRegister = viaLink || (!registered && state !== 'ended' && event.status === 'Active');
  const soon = () => showSuccess('Registration opens here soon. Until then, contact the organiser.', 'Register');
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
        ) : user ? (
          <Button onClick={soon}>Register Today</Button>
        ) : (
          <Button component={Link} to={`/landing?redirect=${encodeURIComponent(location.pathname)}`}>
            Register Today
          </Button>
        ))}
      {registered && state === 'started' && (
        <>
          <Button variant="light" disabled title="Check-in opens with the event's live features">
            Check In
          </Button>
          <EnterFishButton event={event} />
        </>
      )}
      {registered && <Text c="green.8">You are registered for this event!</Text>}
    </Group>
  );
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
