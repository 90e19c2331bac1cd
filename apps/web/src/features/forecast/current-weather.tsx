import { Alert, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { WeatherCurrent } from '@tightlines/core/weather';
import { barometerText, percent, reading, windText } from '../../lib/format';
import { WeatherIcon } from '../../components/weather-icon';

function Reading({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

export function CurrentWeather({ weather, error }: { weather: WeatherCurrent | null; error: string | null }) {
  if (!weather) {
    return (
      <Alert color="yellow" variant="light" title="Current weather" role="status">
        Weather is unavailable right now ({error ?? 'no reason given'}). The moon and sun times below are computed by
        Tightlines and still accurate.
      </Alert>
    );
  }
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="current-weather-title">
      <Title order={2} size="h4" id="current-weather-title" mb="sm">
        Current weather
      </Title>
      <Group gap="lg" align="center" wrap="wrap">
        <Group gap="sm" wrap="nowrap">
          <WeatherIcon icon={weather.icon} summary={weather.summary} size={56} />
          <Stack gap={0}>
            <Text fz={40} fw={700} lh={1}>
              {reading(weather.airTemp, '°F')}
            </Text>
            <Text size="sm">{weather.summary}</Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="xs" style={{ flex: 1, minWidth: 240 }}>
          <Reading label="High / Low" value={`${reading(weather.temperatureHigh, '°F')} / ${reading(weather.temperatureLow, '°F')}`} />
          <Reading label="Wind" value={windText(weather.windSpeed, weather.windDirection)} />
          <Reading label="Barometer" value={barometerText(weather.barometer)} />
          <Reading label="Humidity" value={percent(weather.humidity)} />
          <Reading label="Cloud cover" value={percent(weather.cloudCover)} />
          <Reading label="Dew point" value={reading(weather.dewpoint, '°F')} />
        </SimpleGrid>
      </Group>
    </Card>
  );
}
