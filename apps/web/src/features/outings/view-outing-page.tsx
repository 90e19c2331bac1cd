import { Badge, Button, Card, Collapse, Container, Grid, Group, SimpleGrid, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import type { MapMarker } from '@tightlines/core/api/analysis';
import type { LogView } from '@tightlines/core/logs';
import type { OutingView } from '@tightlines/core/outings';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Facts } from '../../components/facts';
import { LoadingPage } from '../../components/loading-page';
import { LogMap } from '../../components/map/log-map';
import { usePageTitle } from '../../components/page';
import { WeatherIcon } from '../../components/weather-icon';
import { showError } from '../../lib/alerts';
import { useCurrentUser } from '../../lib/current-user';
import { barometerText, clockText, coordinates, dateTimeLabel, duration, fishText, hourRange, longDate, reading, text, windText } from '../../lib/format';
import { showLog } from '../../lib/log-modal';
import { typeColor } from '../../lib/type-colors';
import { useOuting } from './api/get-outing';
import { useEditOuting } from './api/save-outing';
import { OutingMissing } from './outing-missing';
import { OutingTimeline } from './outing-timeline';
import classes from './outings.module.css';

/** The seeds' outing breakpoint: at 768 px or less the detail panels start collapsed. */
const NARROW = '(max-width: 48em)';

/** /view-outing/:id */
export function ViewOutingPage() {
  const { id = '' } = useParams();
  const query = useOuting(id, { live: true });
  usePageTitle(query.data ? longDate(query.data.outing.startDate) : 'View Outing');

  if (query.isPending) return <LoadingPage />;
  if (query.isError) return <OutingMissing error={query.error} onRetry={() => void query.refetch()} />;
  return <OutingDetails outing={query.data} />;
}

function OutingDetails({ outing }: { outing: OutingView }) {
  const { user } = useCurrentUser();
  const [tab, setTab] = useState<'list' | 'maps'>('list');
  const [panelsOpen] = useState(() => !window.matchMedia(NARROW).matches);
  const { startDate, endDate, active, logs } = outing.outing;
  const stats = outing.stats;
  const markers = useMemo<MapMarker[]>(
    () => logs.map((l) => ({ _id: l._id, lat: l.location.lat, lng: l.location.lng, type: l.type, date: l.date, lake: l.location.lake })),
    [logs],
  );

  const edit = useEditOuting();
  const end = () =>
    edit.mutate({ id: outing._id, span: { startDate, endDate: new Date().toISOString() } }, { onError: (error) => showError(error.message) });

  const hot = stats.mostProductiveHour;
  const place = [outing.location.lake, outing.location.state].filter(Boolean).join(', ');

  return (
    <Container size="lg" py="lg">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <div>
          <Group gap="xs">
            <Title order={1} size="h2">
              {longDate(startDate)}
            </Title>
            {active && (
              <Badge color="green" variant="light">
                In progress
              </Badge>
            )}
          </Group>
          <Text c="dimmed" mt={4}>
            {clockText(startDate)} – {active ? 'now' : clockText(endDate)}
            {place && ` · ${place}`}
          </Text>
        </div>
        <Group gap="sm">
          {active && (
            <Button color="red" variant="light" onClick={end} loading={edit.isPending}>
              End Outing
            </Button>
          )}
          <Button component={Link} to={`/edit-outing/${encodeURIComponent(outing._id)}`} variant="light">
            Edit
          </Button>
        </Group>
      </Group>

      <Grid gap={{ base: 'xs', sm: 'md' }} mb="md">
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <Stat label="Total Logs" value={String(stats.totalLogs)} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <Stat label="Total Catches" value={String(stats.totalCatches)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Stat label="Most Productive Hour" value={hot ? `${hourRange(hot.hour)} · ${hot.count} ${hot.count === 1 ? 'log' : 'logs'}` : '-'} />
        </Grid.Col>
      </Grid>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mb="md">
        <Panel title="Highlights" initiallyOpen={panelsOpen}>
          <Facts items={highlights(outing)} />
        </Panel>
        <Panel title="Weather Data" initiallyOpen={panelsOpen}>
          <WeatherData outing={outing} />
        </Panel>
        <Panel title="Lunar Data" initiallyOpen={panelsOpen}>
          {outing.lunar ? (
            <Facts
              items={[
                ['Moon phase', outing.lunar.moonPhase],
                ['Moon rise', clockText(outing.lunar.moonRise)],
                ['Moon set', clockText(outing.lunar.moonSet)],
                ['Moon above', clockText(outing.lunar.moonAbove)],
                ['Moon below', clockText(outing.lunar.moonBelow)],
                ['Sunrise', clockText(outing.lunar.sunRise)],
                ['Sunset', clockText(outing.lunar.sunSet)],
              ]}
            />
          ) : (
            <Text size="sm" c="dimmed">
              No lunar data was recorded for this outing.
            </Text>
          )}
        </Panel>
      </SimpleGrid>

      <Card withBorder padding="md" mb="md">
        <Group justify="space-between" mb="sm" gap="xs">
          <Title order={2} size="h4">
            Timeline
          </Title>
          <Group gap="md">
            <Legend className={classes.major} label="Major period" />
            <Legend className={classes.minor} label="Minor period" />
          </Group>
        </Group>
        <OutingTimeline start={startDate} end={endDate} lunar={outing.solunarPeaks} logs={logs} onView={(log) => showLog(log._id)} />
      </Card>

      <Tabs value={tab} onChange={(t) => setTab(t === 'maps' ? 'maps' : 'list')} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="list">List</Tabs.Tab>
          {logs.length > 0 && <Tabs.Tab value="maps">Maps</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="list">
          {logs.length === 0 ? (
            <Text c="dimmed">Logs you create during the outing show up here.</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              {logs.map((log) => (
                <OutingLogCard key={log._id} log={log} onView={() => showLog(log._id)} />
              ))}
            </SimpleGrid>
          )}
        </Tabs.Panel>
        {logs.length > 0 && (
          <Tabs.Panel value="maps">
            <LogMap
              label="Map of the outing's logs"
              markers={markers}
              onViewLog={(m) => showLog(m._id)}
              overlayAllowed={user?.premiumMember ?? false}
              height={460}
            />
          </Tabs.Panel>
        )}
      </Tabs>
    </Container>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="sm" h="100%">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" mt={2} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Card>
  );
}

/** A panel whose header opens and closes it. */
function Panel({ title, initiallyOpen, children }: { title: string; initiallyOpen: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(initiallyOpen);
  const bodyId = useId();
  return (
    <Card withBorder padding="md">
      <UnstyledButton className={classes.panelToggle} onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={bodyId}>
        <Title order={2} size="h4">
          {title}
        </Title>
        <span className={classes.chevron} data-open={open} aria-hidden>
          ▾
        </span>
      </UnstyledButton>
      <Collapse expanded={open} id={bodyId}>
        <div style={{ paddingTop: 'var(--mantine-spacing-sm)' }}>{children}</div>
      </Collapse>
    </Card>
  );
}

function WeatherData({ outing }: { outing: OutingView }) {
  const weather = outing.weather;
  if (!weather) {
    return (
      <Text size="sm" c="dimmed">
        {outing.pending.includes('weather') ? 'Weather is still being fetched' : 'No weather was recorded for this outing.'}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        <WeatherIcon icon={weather.icon} summary={weather.summary ?? 'Weather'} size={44} />
        <div>
          <Text size="xl" fw={700}>
            {reading(weather.airTemp, '°F')}
          </Text>
          <Text size="sm">{text(weather.summary)}</Text>
        </div>
      </Group>
      <Facts
        items={[
          ['Wind', windText(weather.windSpeed, weather.windDirection)],
          ['Barometer', barometerText(weather.barometer)],
        ]}
      />
    </Stack>
  );
}

function highlights(outing: OutingView): [string, ReactNode][] {
  const { startDate, endDate, logs } = outing.outing;
  const biggest = logs.reduce<LogView | null>((best, l) => (l.fish.length != null && (best?.fish.length ?? -1) < l.fish.length ? l : best), null);
  const species = [...new Set(logs.map((l) => l.fish.species).filter(Boolean))];
  const lures = [...new Set(logs.filter((l) => l.type === 'Catch').map((l) => l.lure.category).filter(Boolean))];
  return [
    ['Time on the water', duration(Date.parse(startDate), Date.parse(endDate))],
    ['Lake', text(outing.location.lake ?? mostLogged(logs.map((l) => l.location.lake)))],
    ['Biggest fish', biggest ? fishText({ ...biggest.fish, species: biggest.fish.species ?? 'Fish' }) : '-'],
    ['Species', species.length ? species.join(', ') : '-'],
    ['Catching lures', lures.length ? lures.join(', ') : '-'],
    ['Location', coordinates(outing)],
  ];
}

/** An outing started from a boat ramp has no lake of its own; the lake most of its logs name does. */
function mostLogged(lakes: (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const lake of lakes) if (lake) counts.set(lake, (counts.get(lake) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

function OutingLogCard({ log, onView }: { log: LogView; onView: () => void }) {
  return (
    <Card withBorder padding="sm" component="article" aria-label={`${log.type} log, ${dateTimeLabel(log.date)}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Badge color={typeColor(log.type)} autoContrast>
          {log.type}
        </Badge>
        <Text size="xs" c="dimmed">
          {clockText(log.date)}
        </Text>
      </Group>
      <Text fw={600} mt={6} truncate>
        {fishText(log.fish) || 'No fish recorded'}
      </Text>
      <Button size="compact-sm" variant="light" mt="xs" onClick={onView}>
        View
      </Button>
    </Card>
  );
}

function Legend({ className, label }: { className: string | undefined; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span className={className} style={{ position: 'static', display: 'inline-block', width: 16, height: 12, borderRadius: 2 }} />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
