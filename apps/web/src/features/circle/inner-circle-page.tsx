import { Alert, Badge, Button, Card, Center, Container, Grid, Group, Loader, SegmentedControl, Stack, Table, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CIRCLE_MESSAGES, type CircleMember, type InnerCircleUser } from '@tightlines/core/circle';
import { filtersToQuery, type Filter } from '@tightlines/core/filters';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { LogMap } from '../../components/map/log-map';
import { usePageTitle } from '../../components/page';
import { showError, showSuccess } from '../../lib/alerts';
import { useCurrentUser } from '../../lib/current-user';
import { plural } from '../../lib/format';
import { AddUserModal } from './add-user-modal';
import { useLeaveCircle } from './api/change-circle';
import { useAllowedCircles } from './api/get-allowed-circles';
import { useCircleLogs, type CircleFilterQuery } from './api/get-circle-logs';
import { useCircleCharts, useCircleMarkers } from './api/get-circle-visuals';
import { useInnerCircle } from './api/get-inner-circle';
import { useMyLogCount } from './api/get-my-log-count';
import { subscribeToCirclePush } from './api/subscribe-push';
import { CircleFilterBar } from './circle-filter-bar';
import { MemberDialog } from './member-dialog';

const ChartsPanel = lazy(() => import('../../components/charts-panel').then((m) => ({ default: m.ChartsPanel })));

/** Under 601 px the two panels take turns (seed 001). */
const NARROW = '(max-width: 600px)';

const toQuery = (filters: readonly Filter[]): CircleFilterQuery => Object.fromEntries(new URLSearchParams(filtersToQuery(filters)));
/** MM/DD/YYYY from the log's local ISO date. */
const usDate = (local: string) => `${local.slice(5, 7)}/${local.slice(8, 10)}/${local.slice(0, 4)}`;

/** /inner-circle: friends who share logs, what each may see of mine, and the logs shared with me. */
export function InnerCirclePage() {
  usePageTitle('Inner Circle');
  const { user } = useCurrentUser();
  if (user && !user.premiumMember) return <UpgradePrompt />;
  return <InnerCircle />;
}

function UpgradePrompt() {
  return (
    <Container size="sm" py="xl">
      <Title order={1} size="h2">
        Inner Circle
      </Title>
      <Card withBorder padding="xl" mt="md">
        <Stack align="center" gap="sm">
          <Text size="lg" fw={600}>
            The Inner Circle is a premium feature.
          </Text>
          <Text c="dimmed" ta="center">
            Share your logs with the friends you choose, lake by lake and tag by tag, and see theirs. Friends you already added keep seeing what you
            allowed them.
          </Text>
          <Button component={Link} to="/subscription">
            Start a subscription
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}

function InnerCircle() {
  const navigate = useNavigate();
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const [panel, setPanel] = useState<'Users' | 'Logs'>('Logs');
  const [filtersShown, setFiltersShown] = useState(false);
  const [applied, setApplied] = useState<Filter[]>([]);
  const [managingId, setManagingId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const query = useMemo(() => toQuery(applied), [applied]);

  const members = useInnerCircle();
  const following = useAllowedCircles();
  const mine = useMyLogCount();
  const logs = useCircleLogs(query);

  if (members.isPending || following.isPending || logs.isPending) return <LoadingPage />;
  if (members.isError || following.isError || logs.isError) {
    const error = members.error ?? following.error ?? logs.error;
    return (
      <Container size="sm" py="xl">
        <Title order={1} size="h2">
          Inner Circle
        </Title>
        <Alert color="red" variant="light" role="alert" mt="md" title="The Inner Circle could not be loaded">
          <Text size="sm">{error?.message}</Text>
          <Button size="xs" variant="light" mt="sm" onClick={() => void Promise.all([members.refetch(), following.refetch(), logs.refetch()])}>
            Try again
          </Button>
        </Alert>
      </Container>
    );
  }

  const loaded = logs.data.pages.flatMap((p) => p.logs);
  const total = logs.data.pages[0]?.total ?? 0;
  const onlyIFollow = following.data.filter((c) => !c.followsYou);
  // Read from the list each time, so a save shows the fresh count and a removal closes the dialog.
  const managing = members.data.find((m) => m._id === managingId) ?? null;
  const usernames = following.data.map((c) => c.username);
  const openLog = (id: string) => void navigate(`/log/${encodeURIComponent(id)}`);

  const users = (
    <Stack gap="md">
      <Group gap="xs">
        <Button variant="light" onClick={() => setFiltersShown((s) => !s)} aria-expanded={filtersShown}>
          {filtersShown ? 'Hide filters' : 'Show filters'}
        </Button>
        <Button onClick={() => setAdding(true)}>Add a user</Button>
      </Group>
      <MemberList title="Users who follow you" empty="Nobody yet: add a friend to share your logs with them.">
        {members.data.map((m) => (
          <MemberRow key={m._id} person={m} onClick={() => setManagingId(m._id)} />
        ))}
      </MemberList>
      <MemberList title="Users you follow who do not follow you" empty="None.">
        {onlyIFollow.map((c) => (
          <FollowedRow key={c._id} circle={c} />
        ))}
      </MemberList>
      <Card withBorder padding="sm">
        <Group justify="space-between">
          <Text fw={600}>Your Logs</Text>
          <Badge variant="light" size="lg" aria-label="Your log count">
            {mine.data ?? '…'}
          </Badge>
        </Group>
      </Card>
      <NotifyButton />
    </Stack>
  );

  const feed = (
    <Stack gap="sm">
      {filtersShown && <CircleFilterBar key={JSON.stringify(applied)} applied={applied} usernames={usernames} onApply={setApplied} />}
      <Text fw={600} aria-live="polite" data-testid="circle-total">
        {plural(total, 'log')}
      </Text>
      {total === 0 ? (
        <Card withBorder padding="lg">
          <Text c="dimmed" ta="center" data-testid="circle-empty">
            {applied.length ? 'No logs match these filters.' : CIRCLE_MESSAGES.empty}
          </Text>
        </Card>
      ) : (
        <Tabs defaultValue="data" keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="data">Data</Tabs.Tab>
            <Tabs.Tab value="map">Map</Tabs.Tab>
            <Tabs.Tab value="charts">Charts</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="data">
            <Table.ScrollContainer minWidth={300}>
              <Table highlightOnHover striped fz="sm" horizontalSpacing={6} aria-label="Inner Circle logs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Username</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Time</Table.Th>
                    <Table.Th>Type</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {loaded.map((log) => (
                    <Table.Tr key={log._id} onClick={() => openLog(log._id)} style={{ cursor: 'pointer' }}>
                      <Table.Td>
                        <UnstyledButton onClick={() => openLog(log._id)} maw={96}>
                          <Text fw={600} c="blue.8" size="sm" truncate title={log.username}>
                            {log.username}
                          </Text>
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>{usDate(log.date)}</Table.Td>
                      <Table.Td>{log.time}</Table.Td>
                      <Table.Td>{log.type}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {logs.hasNextPage && (
              <Center mt="sm">
                <Button variant="light" loading={logs.isFetchingNextPage} onClick={() => void logs.fetchNextPage({ cancelRefetch: false })}>
                  Show more
                </Button>
              </Center>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="map">
            <CircleMap query={query} onView={openLog} />
          </Tabs.Panel>
          <Tabs.Panel value="charts">
            <CircleCharts query={query} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );

  return (
    <Container size="xl" py="lg">
      <Title order={1} size="h2" mb="sm">
        Inner Circle
      </Title>
      {narrow ? (
        <Stack gap="md">
          <SegmentedControl fullWidth data={['Users', 'Logs']} value={panel} onChange={(v) => setPanel(v === 'Users' ? 'Users' : 'Logs')} aria-label="Show" />
          {panel === 'Users' ? users : feed}
        </Stack>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, sm: 4 }}>{users}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>{feed}</Grid.Col>
        </Grid>
      )}
      <MemberDialog member={managing} filtersShown={filtersShown} onClose={() => setManagingId(null)} />
      <AddUserModal opened={adding} onClose={() => setAdding(false)} />
    </Container>
  );
}

function MemberList({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Card withBorder padding="sm">
      <Text fw={600} mb="xs">
        {title}
      </Text>
      {children.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={4}>{children}</Stack>
      )}
    </Card>
  );
}

function MemberRow({ person, onClick }: { person: InnerCircleUser; onClick: () => void }) {
  return (
    <UnstyledButton onClick={onClick} p={6} style={{ borderRadius: 6 }} aria-label={`Manage ${person.username}`}>
      <Group gap="xs" wrap="nowrap">
        <Badge variant="outline" color="gray" miw={36}>
          {person.totalLogs}
        </Badge>
        <Text fw={500} truncate style={{ flex: 1 }}>
          {person.username}
        </Text>
        <Badge size="xs" color="teal">
          Follows You
        </Badge>
        {person.youFollow && (
          <Badge size="xs" color="blue">
            You Follow
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

function FollowedRow({ circle }: { circle: CircleMember }) {
  const leave = useLeaveCircle();
  return (
    <Group gap="xs" wrap="nowrap" p={6}>
      <Badge variant="outline" color="gray" miw={36}>
        {circle.totalLogs}
      </Badge>
      <Text fw={500} truncate style={{ flex: 1 }} title={circle.email ?? undefined}>
        {circle.username}
      </Text>
      <Badge size="xs" color="blue">
        You Follow
      </Badge>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        loading={leave.isPending}
        onClick={() => leave.mutate(circle.username, { onError: (e) => showError(e.message) })}
        aria-label={`Leave ${circle.username}'s circle`}
      >
        Leave
      </Button>
    </Group>
  );
}

/** Asks for notification permission only from this click, never on its own. */
function NotifyButton() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      loading={busy}
      onClick={() => {
        setBusy(true);
        subscribeToCirclePush()
          .then((message) => showSuccess(message, 'Notifications'))
          .catch((error: Error) => showError(error.message))
          .finally(() => setBusy(false));
      }}
    >
      Notify me of new logs
    </Button>
  );
}

function CircleMap({ query, onView }: { query: CircleFilterQuery; onView: (id: string) => void }) {
  const markers = useCircleMarkers(query);
  if (markers.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="The map could not be loaded">
        {markers.error.message}
      </Alert>
    );
  }
  return (
    <LogMap
      label="Map of your Inner Circle's logs"
      markers={markers.data}
      onViewLog={(m) => onView(m._id)}
      overlayAllowed
      height="max(360px, calc(100vh - 320px))"
    />
  );
}

function CircleCharts({ query }: { query: CircleFilterQuery }) {
  const charts = useCircleCharts(query);
  const loading = (
    <Center py="xl">
      <Loader aria-label="Loading the charts" />
    </Center>
  );
  if (charts.isPending) return loading;
  if (charts.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="The charts could not be loaded">
        {charts.error.message}
      </Alert>
    );
  }
  return (
    <Suspense fallback={loading}>
      <ChartsPanel charts={charts.data} />
    </Suspense>
  );
}

