import { Group, Stack, Text } from '@mantine/core';
import type { WeatherIcon as IconName } from '@tightlines/core/weather';
import { dayLabel, reading } from '../../lib/format';
import { WeatherIcon } from '../../components/weather-icon';

export type DayRowProps = {
  date: string;
  icon: IconName;
  summary: string;
  high: number | null;
  low: number | null;
  wind: string;
  barometer: string;
};

/** One day of the extended forecast or of the past week: the two panels read the same way. */
export function DayRow({ date, icon, summary, high, low, wind, barometer }: DayRowProps) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" w="100%">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <WeatherIcon icon={icon} summary={summary} size={32} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {dayLabel(date)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {summary}
          </Text>
        </Stack>
      </Group>
      <Stack gap={0} align="flex-end" style={{ flex: 'none' }}>
        <Text size="sm" fw={600}>
          {reading(high, '°')} / {reading(low, '°F')}
        </Text>
        <Text size="xs" c="dimmed">
          {wind} · {barometer}
        </Text>
      </Stack>
    </Group>
  );
}
