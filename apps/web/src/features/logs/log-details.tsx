import { Alert, Anchor, Badge, Button, Card, Group, Image, Stack, Tabs, Text, Title, type TitleOrder } from '@mantine/core';
import { FREE_FOR_ALL, type UserView } from '@tightlines/core/accounts';
import type { LogView } from '@tightlines/core/logs';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Facts } from '../../components/facts';
import type { MapMarker } from '@tightlines/core/api/analysis';
import { LogMap } from '../../components/map/log-map';
import { RatingStars } from '../../components/rating-stars';
import { WeatherIcon } from '../../components/weather-icon';
import { useFeatureFlags } from '../../lib/feature-flags';
import { barometerText, clockText, coordinates, dateTimeLabel, percent, reading, text, waterflowText, windText } from '../../lib/format';
import { logRating } from '../../lib/log-rating';
import { typeColor, typeTextColor } from '../../lib/type-colors';
import classes from './log-details.module.css';

type Props = {
  log: LogView;
  viewer: UserView | null;
  /** The level of the log's own heading: 1 on its page, 3 inside the log modal (whose title is a 2). */
  headingLevel?: 1 | 3;
};

/**
 * A log: what was caught and where, its weather, moon and sun, lake and lure. The same component
 * is the 'View Log' page and the log modal over the data page and the outing pages; its two
 * columns stack when the space it is given (not the window) is narrow.
 */
export function LogDetails({ log, viewer, headingLevel = 1 }: Props) {
  const owner = viewer !== null && viewer.username === log.username;
  const rating = logRating(log);
  const place = [log.location.lake, log.location.state].filter(Boolean).join(', ');
  const section = (headingLevel + 1) as TitleOrder;
  const editTo = log.type === 'Outing' ? `/edit-outing/${encodeURIComponent(log._id)}` : `/log/edit/${encodeURIComponent(log._id)}`;
  const marker = useMemo<MapMarker[]>(
    () => [{ _id: log._id, lat: log.location.lat, lng: log.location.lng, type: log.type, date: log.date, lake: log.location.lake }],
    [log._id, log.location.lat, log.location.lng, log.type, log.date, log.location.lake],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Group gap="xs" align="center">
            <Title order={headingLevel} size={headingLevel === 1 ? 'h2' : 'h3'}>
              {log.fish.species && log.type === 'Catch' ? log.fish.species : `${log.type} log`}
            </Title>
            <Badge color={typeColor(log.type)} variant="filled" size="lg" c={typeTextColor(log.type)}>
              {log.type}
            </Badge>
          </Group>
          <Text c="dimmed" mt={4}>
            <time dateTime={log.date}>{dateTimeLabel(log.date)}</time>
            {' · '}
            {owner ? (
              'your log'
            ) : (
              <Anchor component={Link} to={`/logs/${encodeURIComponent(log.username)}`} underline="always">
                {log.username}
              </Anchor>
            )}
            {' · '}
            {log.privacy}
          </Text>
          {rating && (
            <div className={classes.rating}>
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

      {log.pending.includes('weather') && (
        <Alert color="blue" variant="light">
          Weather is still being fetched. It appears here as soon as the weather service answers.
        </Alert>
      )}

      {/* Two independent columns, so a short card never leaves a gap beside a tall one. */}
      <div className={classes.frame}>
      <div className={classes.columns}>
        <Stack gap="md">
          <Card withBorder padding="md">
            <LogMap label="Map of the log's location" markers={marker} controls={false} height={220} />
            <Group justify="space-between" mt="sm" gap="xs">
              <Text fw={600}>{place || 'Lake not recorded'}</Text>
              <Text size="sm" c="dimmed" data-testid="log-coordinates">
                {coordinates(log.location)}
              </Text>
            </Group>
          </Card>
          <Card withBorder padding="md">
            <Title order={section} size="h4" mb="sm">
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
                    <Text className={classes.notes}>{log.notes}</Text>
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
            <Title order={section} size="h4" mb="sm">
              Weather
            </Title>
            <Weather log={log} />
          </Card>
          <Card withBorder padding="md">
            <Tabs defaultValue="lunar" keepMounted={false}>
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
                    ['Waterflow', waterflowText(log.lake.waterflow, log.lake.station)],
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
      </div>
      </div>
    </Stack>
  );
}

function Weather({ log }: { log: LogView }) {
  const weather = log.weather;
  if (!weather) {
    return (
      <Text size="sm" c="dimmed">
        {log.pending.includes('weather') ? 'Not here yet.' : 'No weather was recorded for this log.'}
      </Text>
    );
  }
  return (
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
        label="Weather"
        items={[
          ['Barometer', barometerText(weather.barometer)],
          ['Wind', windText(weather.windSpeed, weather.windDirection)],
          ['Cloud cover', percent(weather.cloudCover)],
          ['Humidity', percent(weather.humidity)],
          ['Dew point', reading(weather.dewpoint, '°F')],
          ['Precipitation', weather.precipHourly == null ? '-' : `${weather.precipHourly} in${weather.precipType ? ` (${weather.precipType})` : ''}`],
        ]}
      />
    </Stack>
  );
}

function LunarPanel({ log, viewer }: { log: LogView; viewer: UserView | null }) {
  const flags = useFeatureFlags();
  const lunar = log.lunar;
  // The server leaves the details out of a non-premium caller's answer; premiumMember already counts the free-for-all promotion.
  if (log.lunarLocked || !viewer?.premiumMember) {
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
