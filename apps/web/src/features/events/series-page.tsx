import { Button, Card, Container, Grid, Group, Tabs, Text, Title } from '@mantine/core';
import type { EventView } from '@tightlines/core/api/events';
import { registrationMessages } from '@tightlines/core/events/registration-messages';
import { eventTimeState } from '@tightlines/core/events/model';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page';
import { useEvent } from './api/get-event';
import { dayRange } from './event-format';
import { CheckinButton, RegisterButton } from './registration';
import { EventHeader, EventMissing, InfoTab, LakesTab, RulesTab, ScheduleTab } from './event-parts';
import { FedLeaderboard } from './leaderboard';

/** /series/:id */
export function SeriesPage() {
  const { id = '' } = useParams();
  const query = useEvent(id);
  usePageTitle(query.data?.name ?? 'Series');
  if (query.isPending) return <LoadingPage />;
  if (query.isError) return <EventMissing error={query.error} onRetry={() => void query.refetch()} />;
  return <SeriesDetails event={query.data} />;
}

function SeriesDetails({ event }: { event: EventView }) {
  const [tab, setTab] = useState<string | null>('info');
  const [now] = useState(() => Date.now());
  const active = event.schedule.find((w) => Date.parse(w.dateStart) <= now && now < Date.parse(w.dateEnd));
  const upcoming = event.schedule.filter((w) => Date.parse(w.dateStart) > now);
  const complete = event.schedule.filter((w) => Date.parse(w.dateEnd) <= now);
  return (
    <Container size="lg" py="lg">
      <EventHeader event={event} />
      <Grid gap="md" mb="md">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Card withBorder data-testid="active-event">
            <Title order={2} size="h4" mb={4}>
              {active ? `Week ${active.number} is on` : 'No week is being fished right now'}
            </Title>
            {active ? (
              <>
                <Text size="sm">{dayRange(active.dateStart, active.dateEnd, event.tz)}</Text>
                <Text size="sm" c="dimmed">
                  {active.lakes.join(', ') || 'Any of the series lakes'}
                </Text>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {upcoming[0] ? `Next: week ${upcoming[0].number}, ${dayRange(upcoming[0].dateStart, upcoming[0].dateEnd, event.tz)}` : 'The series is over.'}
              </Text>
            )}
            <SeriesActions event={event} now={now} weekRunning={!!active} />
          </Card>
          <Tabs defaultValue="upcoming" mt="md">
            <Tabs.List mb="sm">
              <Tabs.Tab value="upcoming">Upcoming</Tabs.Tab>
              <Tabs.Tab value="complete">Complete</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="upcoming">
              <ScheduleTab event={event} weeks={active ? [active, ...upcoming] : upcoming} />
            </Tabs.Panel>
            <Tabs.Panel value="complete">
              <ScheduleTab event={event} weeks={complete} />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <LakesTab event={event} height={320} />
        </Grid.Col>
      </Grid>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="info">Info</Tabs.Tab>
          <Tabs.Tab value="leaderboard">Leaderboard</Tabs.Tab>
          <Tabs.Tab value="lakes">Lakes</Tabs.Tab>
          <Tabs.Tab value="rules">Rules</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info">
          <InfoTab event={event} />
        </Tabs.Panel>
        <Tabs.Panel value="leaderboard">
          <FedLeaderboard event={event} />
        </Tabs.Panel>
        <Tabs.Panel value="lakes">
          <Group gap="xs">
            {event.lakes.map((l) => (
              <Text key={l._id}>{l.name}</Text>
            ))}
          </Group>
        </Tabs.Panel>
        <Tabs.Panel value="rules">
          <RulesTab event={event} />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}

/** The series' Register (through its checkout modal) and, in a running week, Check In. */
function SeriesActions({ event, now, weekRunning }: { event: EventView; now: number; weekRunning: boolean }) {
  const state = eventTimeState(event, new Date(now));
  const registered = event.viewer.registered;
  if (state === 'ended') return null;
  return (
    <Group gap="sm" mt="sm">
      {!registered && event.status === 'Active' &&
        (event.registrationLink && state === 'not started' ? (
          <Button component="a" href={event.registrationLink} target="_blank" rel="noopener noreferrer">
            Register Today
          </Button>
        ) : (
          <RegisterButton event={event} />
        ))}
      {registered && weekRunning && <CheckinButton event={event} series />}
      {registered && <Text c="green">{registrationMessages.alreadyRegistered}</Text>}
    </Group>
  );
}
