import { Alert, Badge, Button, Card, Center, Collapse, Container, Grid, Group, Loader, Modal, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PREMIUM_LOCKS } from '@tightlines/core/accounts';
import type { MapMarker } from '@tightlines/core/api/analysis';
import type { Filter } from '@tightlines/core/filters';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { PremiumLock } from '../../components/premium-lock';
import { LogMap } from '../../components/map/log-map';
import { usePageTitle } from '../../components/page';
import { showError } from '../../lib/alerts';
import { useCurrentUser } from '../../lib/current-user';
import { useCreateLog } from '../../lib/log-actions';
import { plural } from '../../lib/format';
import { showLog } from '../../lib/log-modal';
import { useDeleteLogs } from './api/delete-logs';
import { filterQuery, type FilterQuery } from './api/filter-query';
import { useCharts } from './api/get-charts';
import { useLogPages } from './api/get-log-page';
import { useMarkers } from './api/get-markers';
import { FilterBar } from './filter-bar';
import { LogList } from './log-list';
import { filtersFromParams, paramsFromFilters } from './url-filters';

// Chart.js is the heaviest part of the page; it loads only when the Charts tab is opened.
const ChartsPanel = lazy(() => import('../../components/charts-panel').then((m) => ({ default: m.ChartsPanel })));

const PHONE = '(max-width: 37.5em)';
const SIDE_BY_SIDE = '(min-width: 48em)';
const EMPTY = new Set<string>();

/** /dash-data ("Fishing Data"): the angler's logs with filters, a list, a map and charts. */
export function FishingDataPage() {
  usePageTitle('Fishing Data');
  const { user } = useCurrentUser();
  const premium = user?.premiumMember ?? false;
  const createLog = useCreateLog();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => filtersFromParams(params), [params]);
  const query = useMemo(() => filterQuery(applied), [applied]);
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const sideBySide = useMediaQuery(SIDE_BY_SIDE, true, { getInitialValueInEffect: false });

  const [filtersShown, setFiltersShown] = useState(() => !window.matchMedia(PHONE).matches);
  const [view, setView] = useState<'List' | 'Visual'>('List');
  const [tab, setTab] = useState<'maps' | 'charts'>('maps');
  const [selected, setSelected] = useState<ReadonlySet<string>>(EMPTY);
  const [confirming, setConfirming] = useState(false);

  const logs = useLogPages(query);
  const loaded = useMemo(() => logs.data?.pages.flatMap((p) => p.docs) ?? [], [logs.data]);
  const { fetchNextPage } = logs;
  // A second call while a page is on its way waits for it instead of starting over.
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const total = logs.data?.pages[0]?.total ?? 0;

  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, [setSelected]);
  const open = useCallback(
    (log: { _id: string; type: string }) => {
      if (log.type === 'Outing') void navigate(`/view-outing/${encodeURIComponent(log._id)}`);
      else showLog(log._id);
    },
    [navigate],
  );
  // The map's info window links to the log's own page (the list opens the modal).
  const openPage = useCallback(
    (log: { _id: string; type: string }) =>
      void navigate(log.type === 'Outing' ? `/view-outing/${encodeURIComponent(log._id)}` : `/log/${encodeURIComponent(log._id)}`),
    [navigate],
  );
  const apply = (filters: Filter[]) => {
    setSelected(EMPTY);
    setParams(paramsFromFilters(filters));
  };

  const removal = useDeleteLogs();
  const removeSelected = () =>
    removal.mutate([...selected], {
      onSuccess: () => {
        setSelected(EMPTY);
        setConfirming(false);
      },
      onError: (error) => {
        setConfirming(false);
        showError(error.message);
      },
    });

  if (logs.isPending) return <LoadingPage />;

  if (logs.isError) {
    const err = logs.error;
    return (
      <Container size="sm" py="xl">
        <Title order={1} size="h2">
          Fishing Data
        </Title>
        <Alert color="red" variant="light" role="alert" mt="md" title="Your logs could not be loaded">
          <Text size="sm">{err.message}</Text>
          <Group mt="sm" gap="sm">
            <Button size="xs" variant="light" onClick={() => void logs.refetch()}>
              Try again
            </Button>
            {applied.length > 0 && (
              <Button size="xs" variant="default" onClick={() => apply([])}>
                Clear the filters
              </Button>
            )}
          </Group>
        </Alert>
      </Container>
    );
  }

  if (total === 0 && applied.length === 0) {
    return (
      <Container size="sm" py="xl">
        <Title order={1} size="h2">
          Fishing Data
        </Title>
        <Card withBorder padding="xl" mt="md">
          <Stack align="center" gap="sm">
            <Text size="lg" fw={600}>
              You have no logs yet
            </Text>
            <Text c="dimmed" ta="center">
              Your catches, bites and outings show up here as a list, on a map and in charts.
            </Text>
            <Group gap="sm">
              <Button onClick={createLog.run} loading={createLog.isPending}>
                Create Log
              </Button>
              <Button component={Link} to="/create-outing" variant="light">
                Create an Outing
              </Button>
            </Group>
          </Stack>
        </Card>
      </Container>
    );
  }

  const list = (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" mih={36}>
        <Text fw={600} aria-live="polite" data-testid="log-total">
          {plural(total, 'log')}
        </Text>
        {selected.size > 0 && (
          <Button color="red" size="sm" onClick={() => setConfirming(true)}>
            Delete Selected ({selected.size})
          </Button>
        )}
      </Group>
      {total === 0 ? (
        <Card withBorder padding="lg">
          <Text c="dimmed" ta="center">
            No logs match these filters.
          </Text>
        </Card>
      ) : (
        <LogList
          logs={loaded}
          total={total}
          selected={selected}
          rated={premium}
          hasMore={logs.hasNextPage}
          loadingMore={logs.isFetchingNextPage}
          onLoadMore={loadMore}
          onToggle={toggle}
          onOpen={open}
        />
      )}
    </Stack>
  );

  const visual = (
    <Tabs value={tab} onChange={(t) => setTab(t === 'charts' ? 'charts' : 'maps')} keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="maps">Maps</Tabs.Tab>
        <Tabs.Tab value="charts">Charts</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="maps">
        {premium ? (
          <MapsTab query={query} onView={openPage} tall={sideBySide} />
        ) : (
          <PremiumLock text={PREMIUM_LOCKS.map} label="Map of your logs (locked)" />
        )}
      </Tabs.Panel>
      <Tabs.Panel value="charts">
        {premium ? <ChartsTab query={query} /> : <PremiumLock text={PREMIUM_LOCKS.charts} label="Charts of your logs (locked)" />}
      </Tabs.Panel>
    </Tabs>
  );

  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={1} size="h2">
          Fishing Data
        </Title>
        <Button variant="light" onClick={() => setFiltersShown((s) => !s)} aria-expanded={filtersShown} aria-controls="log-filters">
          {filtersShown ? 'Hide filters' : 'Show filters'}
          {applied.length > 0 && ` (${applied.length})`}
        </Button>
      </Group>
      <Collapse expanded={filtersShown} id="log-filters">
        <div style={{ paddingBottom: 'var(--mantine-spacing-md)' }}>
          <FilterBar key={params.toString()} applied={applied} onApply={apply} />
        </div>
      </Collapse>
      {!filtersShown && applied.length > 0 && (
        <Group gap={6} mb="md" aria-label="Applied filters">
          {applied.map((f) => (
            <Badge key={f.type} variant="light" tt="none">
              {f.value}
            </Badge>
          ))}
        </Group>
      )}

      {phone ? (
        <Stack gap="md">
          <SegmentedControl fullWidth data={['List', 'Visual']} value={view} onChange={(v) => setView(v === 'Visual' ? 'Visual' : 'List')} aria-label="Show" />
          {view === 'List' ? list : visual}
        </Stack>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>{list}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>{visual}</Grid.Col>
        </Grid>
      )}

      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete the selected logs?" centered>
        <Text>
          {selected.size === 1 ? 'The selected log' : `The ${selected.size} selected logs`} will be deleted for good. This cannot be undone.
        </Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={removal.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={removeSelected} loading={removal.isPending}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Container>
  );
}

/** Premium members only: the marine charts overlay comes with the map. */
function MapsTab({ query, onView, tall }: { query: FilterQuery; onView: (marker: MapMarker) => void; tall: boolean }) {
  const markers = useMarkers(query);
  if (markers.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="The map could not be loaded">
        {markers.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap={6}>
      <LogMap
        label="Map of your logs"
        markers={markers.data}
        onViewLog={onView}
        overlayAllowed
        height={tall ? 'max(420px, calc(100vh - 250px))' : 'max(360px, calc(100vh - 300px))'}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {markers.isPending ? 'Loading the markers…' : `${plural(markers.data.length, 'log')} on the map`}
      </Text>
    </Stack>
  );
}

function ChartsTab({ query }: { query: FilterQuery }) {
  const charts = useCharts(query);
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
