import { Alert, Badge, Button, Center, Group, Image, Loader, Modal, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { FREE_FOR_ALL, type UserView } from '@tightlines/core/accounts';
import type { LogView } from '@tightlines/core/logs';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { api, type ApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { useFeatureFlags } from '../../lib/feature-flags';
import { logDateLabel } from '../map/log-date';
import { LogMap, type MapMarker } from '../map/log-map';
import { typeColor } from '../map/type-colors';
import { Facts } from './facts';
import { logRating } from './log-rating';
import { RatingStars } from './rating-stars';
import { barometerText, clockText, cloudText, reading, text, windText } from './readings';
import { WeatherIcon } from '../weather-icon';

/** The same key the log pages use, so an edit anywhere refreshes an open modal too. */
export const logViewKey = (id: string) => ['logs', 'view', id] as const;

export const fetchLogView = (id: string) => api<LogView>('GET', `/api/log/view/${encodeURIComponent(id)}`);

/**
 * A log at a glance, over the page that lists it (the data page, an outing, the Inner Circle).
 * Opened while `logId` is set.
 */
export function LogModal({ logId, onClose }: { logId: string | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 37.5em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={logId !== null}
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title="Fishing Log"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {logId !== null && <LogModalBody id={logId} />}
    </Modal>
  );
}

function LogModalBody({ id }: { id: string }) {
  const { user } = useCurrentUser();
  const query = useQuery({
    queryKey: logViewKey(id),
    queryFn: () => fetchLogView(id),
    retry: (count, error) => (error as ApiError).status >= 500 && count < 1,
    // The server keeps fetching weather it could not get at first; look again until it arrives.
    refetchInterval: (q) => (q.state.data?.pending.length ? 30_000 : false),
  });

  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the log" />
      </Center>
    );
  }
  if (query.isError) {
    const err = query.error as ApiError;
    const missing = err.status === 404 || err.status === 403;
    return (
      <Alert color="red" variant="light" role="alert" title="This log could not be shown">
        {missing ? 'This log does not exist, or it is not shared with you.' : err.message}
        {!missing && (
          <Button mt="sm" size="xs" variant="light" onClick={() => void query.refetch()}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  return <LogDetails log={query.data} viewer={user} />;
}

function LogDetails({ log, viewer }: { log: LogView; viewer: UserView | null }) {
  const owner = viewer !== null && viewer.username === log.username;
  const rating = logRating(log);
  const place = [log.location.lake, log.location.state].filter(Boolean).join(', ');
  const marker = useMemo<MapMarker[]>(
    () => [{ _id: log._id, lat: log.location.lat, lng: log.location.lng, type: log.type, date: log.date, lake: log.location.lake }],
    [log._id, log.location.lat, log.location.lng, log.type, log.date, log.location.lake],
  );
  const weather = log.weather;
  const editTo = log.type === 'Outing' ? `/edit-outing/${encodeURIComponent(log._id)}` : `/log/edit/${encodeURIComponent(log._id)}`;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Group gap="xs">
            <Badge color={typeColor(log.type)} variant="filled" size="lg" autoContrast>
              {log.type}
            </Badge>
            {log.fish.species && (
              <Title order={2} size="h3">
                {log.fish.species}
                {log.fish.length != null && ` · ${reading(log.fish.length, ' in', 2)}`}
              </Title>
            )}
          </Group>
          <Text c="dimmed" mt={4}>
            <time dateTime={log.date}>{logDateLabel(log.date)}</time>
            {!owner && ` · ${log.username}`}
          </Text>
          {rating && (
            <div style={{ marginTop: 6 }}>
              <RatingStars rating={rating} />
            </div>
          )}
        </div>
        {owner && (
          <Button component={Link} to={editTo} variant="light">
            Edit
          </Button>
        )}
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap="sm">
          <LogMap label="Map of the log's location" markers={marker} controls={false} height={200} />
          <Group justify="space-between" gap="xs">
            <Text fw={600}>{place || 'Lake not recorded'}</Text>
            <Text size="sm" c="dimmed" data-testid="log-coordinates">
              {log.location.lat.toFixed(3)}, {log.location.lng.toFixed(3)}
            </Text>
          </Group>
          {log.photo && <Image src={log.photo} alt={`Photo of this ${log.type.toLowerCase()}`} radius="md" mah={320} fit="contain" />}
          {log.notes && <Text style={{ whiteSpace: 'pre-wrap' }}>{log.notes}</Text>}
        </Stack>

        <Stack gap="sm">
          {log.pending.includes('weather') && (
            <Alert color="blue" variant="light">
              Weather is still being fetched
            </Alert>
          )}
          {weather ? (
            <>
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
                label="Weather"
                items={[
                  ['Barometer', barometerText(weather.barometer)],
                  ['Wind', windText(weather.windSpeed, weather.windDirection)],
                  ['Cloud cover', cloudText(weather.cloudCover)],
                ]}
              />
            </>
          ) : (
            !log.pending.includes('weather') && (
              <Text size="sm" c="dimmed">
                No weather was recorded for this log.
              </Text>
            )
          )}
          <Tabs defaultValue="lunar" keepMounted={false}>
            <Tabs.List grow>
              <Tabs.Tab value="lunar">Lunar</Tabs.Tab>
              <Tabs.Tab value="lake">Lake</Tabs.Tab>
              <Tabs.Tab value="lure">Lure</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="lunar" pt="sm">
              <LunarTab log={log} viewer={viewer} />
            </Tabs.Panel>
            <Tabs.Panel value="lake" pt="sm">
              <Facts
                items={[
                  ['Water temp', reading(log.lake.waterTemp, '°F', 1)],
                  ['Visibility', reading(log.lake.waterVisibility, ' ft', 1)],
                  ['Structure', text(log.lake.lakeStructure ?? log.location.lakeStructure)],
                  ['Lake depth', reading(log.lake.lakeDepth, ' ft', 1)],
                  ['Lure depth', reading(log.lake.lureDepth, ' ft', 1)],
                  ['Waterflow', waterflowText(log)],
                ]}
              />
            </Tabs.Panel>
            <Tabs.Panel value="lure" pt="sm">
              <Facts
                items={[
                  ['Category', text(log.lure.category)],
                  ['Colours', text([log.lure.colorPrimary, log.lure.colorSecondary].filter(Boolean).join(' / '))],
                  ['Length', reading(log.lure.length, ' in', 2)],
                  ['Note', text(log.lure.note)],
                ]}
              />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

function LunarTab({ log, viewer }: { log: LogView; viewer: UserView | null }) {
  const flags = useFeatureFlags();
  const lunar = log.lunar;
  // premiumMember already counts the free-for-all promotion.
  if (!viewer?.premiumMember) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Moon and sun details for every log are part of a premium subscription.</Text>
        <Button component={Link} to="/subscription" size="xs">
          Go premium
        </Button>
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
          ['Moon rise', clockText(lunar.moonRise)],
          ['Moon set', clockText(lunar.moonSet)],
          ['Moon above', clockText(lunar.moonAbove)],
          ['Moon below', clockText(lunar.moonBelow)],
          ['Sunrise', clockText(lunar.sunRise)],
          ['Sunset', clockText(lunar.sunSet)],
        ]}
      />
    </Stack>
  );
}

function waterflowText(log: LogView) {
  const flow = log.lake.waterflow;
  if (!flow || flow.rate == null) return '-';
  return `${flow.rate} ${flow.unit}${log.lake.station ? ` at ${log.lake.station}` : ''}`;
}
