import { Group, Stack, Text } from '@mantine/core';
import { WeatherIcon } from '../../components/weather-icon';
import { barometerText, reading, windText } from '../../lib/format';
import type { Point, PositionState } from '../../lib/geolocation';
import { useCurrentWeather } from './api/get-current-weather';
import { NeedsLocation, Reading, WidgetCard, WidgetSkeleton } from './widget-card';

export function WeatherWidget({ position }: { position: PositionState }) {
  return (
    <WidgetCard title="Weather">
      {position.status === 'off' ? (
        <NeedsLocation what="weather" />
      ) : position.status === 'locating' ? (
        <WidgetSkeleton />
      ) : (
        <WeatherBody point={position.point} />
      )}
    </WidgetCard>
  );
}

function WeatherBody({ point }: { point: Point }) {
  const query = useCurrentWeather(point);
  if (query.isPending) return <WidgetSkeleton />;
  if (query.isError) return <Text size="sm">{query.error.message}</Text>;
  const weather = query.data;
  if (weather.reason !== null) {
    return <Text size="sm">Weather is unavailable right now ({weather.reason}).</Text>;
  }
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="nowrap">
        <WeatherIcon icon={weather.icon} summary={weather.summary} size={48} />
        <div>
          <Text fz={32} fw={700} lh={1}>
            {reading(weather.airTemp, '°F')}
          </Text>
          <Text size="sm">{weather.summary}</Text>
        </div>
      </Group>
      <Reading label="High" value={reading(weather.temperatureHigh, '°F')} />
      <Reading label="Low" value={reading(weather.temperatureLow, '°F')} />
      <Reading label="Wind" value={windText(weather.windSpeed, weather.windDirection)} />
      <Reading label="Pressure" value={barometerText(weather.barometer)} />
    </Stack>
  );
}
