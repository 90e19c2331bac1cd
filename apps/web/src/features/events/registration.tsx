import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { EventView } from '@tightlines/core/api/events';
import { eventMessages } from '@tightlines/core/events/messages';
import { registrationMessages as rm } from '@tightlines/core/events/registration-messages';
import { isTeamEvent, seriesCostCents } from '@tightlines/core/events/registration';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { showError, showSuccess } from '../../lib/alerts';
import { useCurrentUser } from '../../lib/current-user';
import { currentPosition } from '../../lib/geolocation';
import { askToSignIn } from '../../lib/sign-in-request';
import { useCheckin, useRegisterForEvent } from './api/register';
import { CardChoice, useCardChoice } from './card-choice';
import { dayRange, feeText } from './event-format';

const cents = (dollars: number | null) => (dollars === null ? null : Math.round(dollars * 100));

/** What this member pays to enter: a series its open weeks (or its cost once), other events their cost. */
export function entryCostCents(event: EventView, now = new Date()): number {
  if (event.type !== 'Series') return cents(event.cost) ?? 0;
  const weeks = event.schedule.map((w) => ({ costCents: cents(w.cost), dateEnd: new Date(w.dateEnd), registrationAvailable: w.registrationAvailable }));
  return seriesCostCents(cents(event.cost) ?? 0, weeks, now);
}

/**
 * Register Today (seed 002 section 4): a visitor signs in or signs up in a modal first; a team
 * event asks for its members, an event with divisions for one, an event with a cost for a card;
 * then POST api/fc/event/register. `?register=1` (after sign-up with `eid`) starts it on arrival.
 */
export function RegisterButton({ event, label = 'Register Today' }: { event: EventView; label?: string }) {
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const [details, setDetails] = useState(false);
  const register = useRegisterForEvent(event._id);
  const needsDetails = isTeamEvent(event) || event.divisions.length > 0 || entryCostCents(event) > 0;

  const start = () => {
    if (!user)
      return askToSignIn('Sign in to register', () => {
        if (needsDetails) setDetails(true);
        else void submit({}).catch(() => undefined);
      });
    if (needsDetails) return setDetails(true);
    void submit({});
  };

  const submit = async (body: Parameters<typeof register.mutateAsync>[0]) => {
    const answer = await register.mutateAsync(body);
    setDetails(false);
    if (answer.redirect) {
      window.location.assign(answer.redirect);
      return;
    }
    showSuccess(answer.message, 'Success');
  };

  // Arriving signed in with ?register=1 (from sign-up with an eid): carry on with the registration.
  const auto = params.get('register') === '1' && !!user;
  useEffect(() => {
    if (!auto) return;
    const next = new URLSearchParams(params);
    next.delete('register');
    setParams(next, { replace: true });
    if (event.viewer.registered) return;
    // The modal opens (or the free registration is sent) after this render, not inside the effect.
    queueMicrotask(start);
    // Runs once when the member arrives; `start` reads the current render's state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auto]);

  return (
    <>
      <Button
        onClick={() => {
          register.reset();
          start();
        }}
        loading={register.isPending && !details}
      >
        {label}
      </Button>
      {!details && register.error && (
        <Text c="red" size="sm" role="alert">
          {register.error.message}
        </Text>
      )}
      {details && (
        <RegistrationModal
          event={event}
          pending={register.isPending}
          error={register.error}
          onClose={() => setDetails(false)}
          onSubmit={(body) => submit(body).catch(() => undefined)}
        />
      )}
    </>
  );
}

type Body = Parameters<ReturnType<typeof useRegisterForEvent>['mutateAsync']>[0];

/** Team members, division and the checkout, in that order, as the event needs them. */
function RegistrationModal({
  event,
  pending,
  error,
  onClose,
  onSubmit,
}: {
  event: EventView;
  pending: boolean;
  error: ApiError | null;
  onClose: () => void;
  onSubmit: (body: Body) => Promise<unknown>;
}) {
  const team = isTeamEvent(event);
  const [openedAt] = useState(() => Date.now());
  const costCents = entryCostCents(event, new Date(openedAt));
  const series = event.type === 'Series';
  const cardChoice = useCardChoice(costCents > 0);
  const [teamName, setTeamName] = useState('');
  const [members, setMembers] = useState(['', '']);
  const [division, setDivision] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setProblem(null);
    // The seed's checks, also made on the server: first team member, division, card.
    if (team && !members[0]?.trim()) return setProblem(rm.firstTeamMember);
    if (event.divisions.length > 0 && !division) return setProblem(rm.divisionRequired);
    let card: string | undefined;
    if (costCents > 0) {
      if (cardChoice.blank()) return setProblem(series ? rm.selectCard : eventMessages.invalidCard);
      setBusy(true);
      try {
        card = await cardChoice.card();
      } catch (e) {
        setBusy(false);
        return setProblem(e instanceof ApiError ? (e.field('card') ?? e.message) : (e as Error).message);
      }
      setBusy(false);
    }
    await onSubmit({
      division: division ?? undefined,
      ...(team ? { team: { name: teamName.trim() || undefined, emails: members.map((value) => ({ value: value.trim() })) } } : {}),
      ...(card ? { card } : {}),
    });
  };

  const shown = problem ?? (error ? (error.field('card') ?? error.message) : null);
  return (
    <Modal opened onClose={onClose} title={series ? 'Series checkout' : `Register for ${event.name ?? 'the event'}`} centered size="lg">
      <Stack gap="sm">
        {team && (
          <Stack gap="xs">
            <Title order={3} size="h5">
              Team members
            </Title>
            <TextInput label="Team name" value={teamName} onChange={(e) => setTeamName(e.currentTarget.value)} maxLength={120} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              {members.map((value, i) => (
                <TextInput
                  key={i}
                  type="email"
                  label={i === 0 ? 'First team member’s email' : 'Second team member’s email (optional)'}
                  value={value}
                  onChange={(e) => {
                    const next = [...members];
                    next[i] = e.currentTarget.value;
                    setMembers(next);
                  }}
                  required={i === 0}
                  maxLength={254}
                />
              ))}
            </SimpleGrid>
          </Stack>
        )}
        {event.divisions.length > 0 && (
          <Select label="Division" placeholder="Choose a division" data={event.divisions} value={division} onChange={setDivision} required allowDeselect={false} />
        )}
        {series && event.schedule.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table striped fz="sm" data-testid="series-weeks">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Week</Table.Th>
                  <Table.Th>Dates</Table.Th>
                  <Table.Th>Cost</Table.Th>
                  <Table.Th>Registration</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {event.schedule.map((w) => (
                  <Table.Tr key={w._id}>
                    <Table.Td>{w.number}</Table.Td>
                    <Table.Td>{dayRange(w.dateStart, w.dateEnd, event.tz)}</Table.Td>
                    <Table.Td>{w.cost === null ? '—' : feeText(w.cost, 'Free')}</Table.Td>
                    <Table.Td>{w.registrationAvailable && Date.parse(w.dateEnd) > openedAt ? 'Open' : 'Closed'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {costCents > 0 && (
          <>
            <Text>
              Entry: <strong data-testid="entry-cost">{feeText(costCents / 100, 'Free')}</strong>
            </Text>
            <CardChoice state={cardChoice} label="Card to be billed" newCardLabel="Add a card" />
          </>
        )}
        {shown && (
          <Alert color="red" role="alert">
            {shown}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void send()} loading={pending || busy}>
            {costCents > 0 ? 'Pay and register' : 'Register'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Check In: the browser's position and zone go to POST api/fc/event/checkin; the answer's key is
 * shown big, to be held up in the fish photos. Errors show in an alert titled Error (the series
 * page prefixes 'ERROR: ').
 */
export function CheckinButton({ event, series = false }: { event: EventView; series?: boolean }) {
  const checkin = useCheckin(event._id);
  const [answer, setAnswer] = useState<{ key: string | null; message: string } | null>(null);
  const [locating, setLocating] = useState(false);

  const run = async () => {
    setLocating(true);
    // Without a position the server says what is needed; the angler can allow it and try again.
    const position = await currentPosition({ highAccuracy: true }).catch(() => null);
    setLocating(false);
    try {
      const res = await checkin.mutateAsync({ tz: Intl.DateTimeFormat().resolvedOptions().timeZone, position });
      setAnswer({ key: res.key, message: res.message });
    } catch (e) {
      const message = (e as Error).message;
      showError(series ? `ERROR: ${message}` : message, 'Error');
    }
  };

  return (
    <>
      <Button variant="filled" color="teal" onClick={() => void run()} loading={locating || checkin.isPending}>
        Check In
      </Button>
      <Modal opened={answer !== null} onClose={() => setAnswer(null)} title="Success" centered>
        <Stack gap="sm" align="center">
          <Text ta="center">{answer?.message}</Text>
          {answer?.key && (
            <>
              <Text size="sm" c="dimmed">
                Today’s key: show it in your fish photos
              </Text>
              <Text fz={32} fw={700} ta="center" data-testid="checkin-key">
                {answer.key}
              </Text>
            </>
          )}
          <Button onClick={() => setAnswer(null)}>Got it</Button>
        </Stack>
      </Modal>
    </>
  );
}
