import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../lib/api';
import { dashboardKeys, fetchCurrentWeather } from './api';
import type { PositionState } from './use-position';
import { WeatherIcon } from '../../components/weather-icon';
import { NeedsLocation, Reading, WidgetCard, WidgetSkeleton } from './widget-card';

const degrees = (value: number | null) => (value === null ? '-' : `${Math.round(value)}°F`);

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

function WeatherBody({ point }: { point: { lat: number; lng: number } }) {
  const query = useQuery({
    queryKey: dashboardKeys.weather(point),
    queryFn: () => fetchCurrentWeather(point),
    staleTime: 10 * 60_000,
  });
  if (query.isPending) return <WidgetSkeleton />;
  if (query.isError) return <Text size="sm">{(query.error as ApiError).message}</Text>;
  const { weather, reason, display } = query.data;
  if (!weather) {
    return <Text size="sm">Weather is unavailable right now ({reason ?? 'no reason given'}).</Text>;
  }
  const speed = weather.windSpeed === null ? '-' : Math.round(weather.windSpeed);
  // The server labels a missing bearing 'N'; without a bearing no direction is shown.
  const direction = weather.windDirection === null || !display ? '' : ` ${display.windLabel}`;
  const pressure = display?.barometerInches == null ? '-' : display.barometerInches.toFixed(2);
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="nowrap">
        <WeatherIcon icon={weather.icon} summary={weather.summary} size={48} />
        <div>
          <Text fz={32} fw={700} lh={1}>
            {degrees(weather.airTemp)}
          </Text>
          <Text size="sm">{weather.summary}</Text>
        </div>
      </Group>
      <Reading label="High" value={degrees(weather.temperatureHigh)} />
      <Reading label="Low" value={degrees(weather.temperatureLow)} />
      <Reading label="Wind" value={`${speed} MPH${direction}`} />
      <Reading label="Pressure" value={`${pressure} in`} />
    </Stack>
  );
}
