import { Alert, Anchor, Badge, Button, Card, Container, Group, Image, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FREE_FOR_ALL, type UserView } from '@tightlines/core/accounts';
import type { LogView } from '@tightlines/core/logs';
import { formatClock } from '@tightlines/core/solunar/format';
import { barometerInches, windLabel } from '@tightlines/core/weather';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page';
import type { ApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { useFeatureFlags } from '../../lib/feature-flags';
import { fetchLog, logKeys } from './api';
import { logDateLabel, reading, text } from './log-format';
import { typeColor } from '../../components/map/type-colors';
import { LogMap } from './log-map';
import { LogMissing } from './log-missing';
import { WeatherIcon } from '../../components/weather-icon';
import classes from './logs.module.css';

/** 'View Log' (/log/:id) and, for visitors, 'View User Log' (/logs/:username/:id). */
export function ViewLogPage() {
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const query = useQuery({
    queryKey: logKeys.view(id),
    queryFn: () => fetchLog(id),
    retry: (count, error) => (error as ApiError).status >= 500 && count < 1,
    // The server keeps fetching weather it could not get at first; look again until it arrives.
    refetchInterval: (q) => (q.state.data?.pending.length ? 30_000 : false),
  });
  usePageTitle(query.data ? `${query.data.type} log` : 'Fishing Log');

  if (query.isPending) return <LoadingPage />;
  if (query.isError) {
    const err = query.error as ApiError;
    return err.status === 404 || err.status === 403 ? (
      <LogMissing title="Fishing Log" message="This log does not exist, or it is not shared with you." />
    ) : (
      <LogMissing title="Fishing Log" message={err.message} onRetry={() => void query.refetch()} />
    );
  }
  return <LogDetails log={query.data} viewer={user} />;
}

function LogDetails({ log, viewer }: { log: LogView; viewer: UserView | null }) {
  const owner = viewer?.username === log.username;
  const weather = log.weather;
  const place = [log.location.lake, log.location.state].filter(Boolean).join(', ');
  const point = { lat: log.location.lat, lng: log.location.lng };

  return (
    <Container size="lg" py="lg">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <div>
          <Group gap="xs" align="center">
            <Title order={1} size="h2">
              {log.fish.species && log.type === 'Catch' ? log.fish.species : `${log.type} log`}
            </Title>
            <Badge color={typeColor(log.type)} variant="filled" size="lg" autoContrast>
              {log.type}
            </Badge>
          </Group>
          <Text c="dimmed" mt={4}>
            <time dateTime={log.date}>{logDateLabel(log.date, log.timeZone)}</time>
            {' · '}
            {owner ? (
              'your log'
            ) : (
              <Anchor component={Link} to={`/logs/${encodeURIComponent(log.username)}`}>
                {log.username}
              </Anchor>
            )}
            {' · '}
            {log.privacy}
          </Text>
        </div>
        {owner && (
          <Button component={Link} to={`/log/edit/${encodeURIComponent(log._id)}`} variant="light">
            Edit
          </Button>
        )}
      </Group>

      {log.pending.includes('weather') && (
        <Alert color="blue" variant="light" mb="md">
          Weather is still being fetched. It appears here as soon as the weather service answers.
        </Alert>
      )}

      {/* Two independent columns, so a short card never leaves a gap beside a tall one. */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <Card withBorder padding="md">
            <LogMap point={point} color={typeColor(log.type)} height={240} label="Map of the log's location" />
            <Group justify="space-between" mt="sm" gap="xs">
              <Text fw={600}>{place || 'Lake not recorded'}</Text>
              <Text size="sm" c="dimmed">
                {log.location.lat.toFixed(3)}, {log.location.lng.toFixed(3)}
              </Text>
            </Group>
          </Card>
          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="sm">
              Fish
            </Title>
            <Facts
              items={[
                ['Species', text(log.fish.species)],
                ['Length', reading(log.fish.length, ' in', 2)],
                ['Girth', reading(log.fish.girth, ' in', 2)],
                ['Weight', reading(log.fish.weight, ' lb', 2)],
                ...(log.type === 'Cluster' ? [['Fish in the cluster', reading(log.clusterCount)] as [string, string]] : []),
              ]}
            />
          </Card>
          {(log.photo || log.notes || log.tags.length > 0) && (
            <Card withBorder padding="md">
              <Stack gap="sm">
                {log.photo && <Image src={log.photo} alt={`Photo of this ${log.type.toLowerCase()}`} radius="md" mah={420} fit="contain" />}
                {log.notes && (
                  <div>
                    <Text fw={600} size="sm">
                      Notes
                    </Text>
                    <Text style={{ whiteSpace: 'pre-wrap' }}>{log.notes}</Text>
                  </div>
                )}
                {log.tags.length > 0 && (
                  <Group gap={6} aria-label="Tags">
                    {log.tags.map((tag) => (
                      <Badge key={tag} variant="light">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Stack>
            </Card>
          )}
        </Stack>
        <Stack gap="md">
          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="sm">
              Weather
            </Title>
            {weather ? (
              <Stack gap="sm">
                <Group gap="sm" wrap="nowrap">
                  <WeatherIcon icon={weather.icon} summary={weather.summary ?? 'Weather'} size={48} />
                  <div>
                    <Text size="xl" fw={700}>
                      {reading(weather.airTemp, '°F')}
                    </Text>
                    <Text size="sm">{text(weather.summary)}</Text>
                  </div>
                </Group>
                <Facts
                  items={[
                    ['Barometer', barometerText(weather.barometer)],
                    ['Wind', weather.windSpeed == null ? '-' : `${Math.round(weather.windSpeed)} mph ${weather.windDirection == null ? '' : windLabel(weather.windDirection)}`],
                    ['Cloud cover', weather.cloudCover == null ? '-' : `${Math.round(weather.cloudCover * 100)}%`],
                    ['Humidity', weather.humidity == null ? '-' : `${Math.round(weather.humidity * 100)}%`],
                    ['Dew point', reading(weather.dewpoint, '°F')],
                    ['Precipitation', weather.precipHourly == null ? '-' : `${weather.precipHourly} in${weather.precipType ? ` (${weather.precipType})` : ''}`],
                  ]}
                />
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {log.pending.includes('weather') ? 'Not here yet.' : 'No weather was recorded for this log.'}
              </Text>
            )}
          </Card>
          <Card withBorder padding="md">
            <Tabs defaultValue="lunar">
              <Tabs.List grow>
                <Tabs.Tab value="lunar">Lunar</Tabs.Tab>
                <Tabs.Tab value="lake">Lake</Tabs.Tab>
                <Tabs.Tab value="lure">Lure</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="lunar" pt="md">
                <LunarPanel log={log} viewer={viewer} />
              </Tabs.Panel>
              <Tabs.Panel value="lake" pt="md">
                <Facts
                  items={[
                    ['Lake', text(log.location.lake)],
                    ['Zone', text(log.location.zone)],
                    ['Water temp', reading(log.lake.waterTemp, '°F', 1)],
                    ['Visibility', reading(log.lake.waterVisibility, ' ft', 1)],
                    ['Structure', text(log.lake.lakeStructure ?? log.location.lakeStructure)],
                    ['Lake depth', reading(log.lake.lakeDepth, ' ft', 1)],
                    ['Lure depth', reading(log.lake.lureDepth, ' ft', 1)],
                    ['Waterflow', waterflowText(log)],
                  ]}
                />
              </Tabs.Panel>
              <Tabs.Panel value="lure" pt="md">
                <Facts
                  items={[
                    ['Category', text(log.lure.category)],
                    ['Primary colour', text(log.lure.colorPrimary)],
                    ['Secondary colour', text(log.lure.colorSecondary)],
                    ['Length', reading(log.lure.length, ' in', 2)],
                    ['Note', text(log.lure.note)],
                  ]}
                />
              </Tabs.Panel>
            </Tabs>
          </Card>
        </Stack>
      </SimpleGrid>
    </Container>
  );
}

function LunarPanel({ log, viewer }: { log: LogView; viewer: UserView | null }) {
  const flags = useFeatureFlags();
  const lunar = log.lunar;
  if (!viewer?.premiumMember) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Moon and sun details for every log are part of a premium subscription.</Text>
        {viewer ? (
          <Button component={Link} to="/subscription" size="xs">
            Go premium
          </Button>
        ) : (
          <Button component={Link} to="/login-register?action=signup" size="xs">
            Sign up
          </Button>
        )}
      </Stack>
    );
  }
  if (!lunar) {
    return (
      <Text size="sm" c="dimmed">
        No lunar data was recorded for this log.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {!viewer.activeSubscription && flags.includes(FREE_FOR_ALL) && (
        <Alert color="teal" variant="light" title="Congratulations">
          Lunar details are a premium feature, and they are free for everyone right now.
        </Alert>
      )}
      <Facts
        items={[
          ['Moon phase', lunar.moonPhase],
          ['Illumination', lunar.illum],
          ['Moon rise', clock(lunar.moonRise)],
          ['Moon set', clock(lunar.moonSet)],
          ['Moon above', clock(lunar.moonAbove)],
          ['Moon below', clock(lunar.moonBelow)],
          ['Sunrise', clock(lunar.sunRise)],
          ['Sunset', clock(lunar.sunSet)],
        ]}
      />
    </Stack>
  );
}

/** Times are ISO on the place's clock; anything else (older data) is shown as it came. */
const clock = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}T/.test(value) ? formatClock(value) : text(value));

const barometerText = (hPa: number | null) => {
  const inches = barometerInches(hPa);
  return inches == null ? '-' : `${inches.toFixed(2)} in`;
};

function waterflowText(log: LogView) {
  const flow = log.lake.waterflow;
  if (!flow || flow.rate == null) return '-';
  return `${flow.rate} ${flow.unit}${log.lake.station ? ` at ${log.lake.station}` : ''}`;
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className={classes.facts}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
