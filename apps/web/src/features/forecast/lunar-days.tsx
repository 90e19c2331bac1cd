import { Card, Group, Progress, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { isFishingWeekend, type LunarView } from '@tightlines/core/forecast';
import { useState } from 'react';
import { dayLabel, periodLabel } from '../../lib/format';
import { MoonGlyph } from './moon-glyph';

type Range = 'weekend' | 'week';

export function LunarDays({ days }: { days: LunarView[] }) {
  const [range, setRange] = useState<Range>('weekend');
  const shown = range === 'weekend' ? days.filter((d) => isFishingWeekend(d.date)) : days;
  return (
    <section aria-labelledby="lunar-days-title">
      <Group justify="space-between" align="center" mb="sm" gap="sm">
        <Title order={2} size="h3" id="lunar-days-title">
          Moon and sun
        </Title>
        <SegmentedControl
          value={range}
          onChange={(value) => setRange(value as Range)}
          data={[
            { value: 'weekend', label: 'Weekend' },
            { value: 'week', label: '7 Days' },
          ]}
          aria-label="Days to show"
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {shown.map((day) => (
          <LunarDayCard key={day.date} day={day} />
        ))}
      </SimpleGrid>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ff="monospace">
        {value}
      </Text>
    </Group>
  );
}

function LunarDayCard({ day }: { day: LunarView }) {
  const { moon, sun } = day;
  return (
    <Card withBorder padding="md" component="article" aria-label={`Moon and sun on ${dayLabel(day.date, 'long')}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <div>
          <Text fw={700}>{dayLabel(day.date)}</Text>
          <Text size="sm">{moon.phase}</Text>
          <Text size="xs" c="dimmed">
            {moon.illumination}% illuminated
          </Text>
        </div>
        <MoonGlyph phase={moon.phase} illumination={moon.illumination} size={36} />
      </Group>
      <Stack gap={2}>
        <Row label="Moon rise" value={moon.rise} />
        <Row label="Moon above" value={moon.above} />
        <Row label="Moon set" value={moon.set} />
        <Row label="Moon below" value={moon.below} />
        <Row label="Sunrise" value={sun.rise} />
        <Row label="Sunset" value={sun.set} />
      </Stack>
      <Stack gap={2} mt="sm">
        <Text size="xs" fw={700} tt="uppercase" c="lake.8">
          Major · moon above, below
        </Text>
        {day.majors.length === 0 ? <Text size="sm">-</Text> : day.majors.map((p) => <Text key={p.start} size="sm" ff="monospace">{periodLabel(p)}</Text>)}
        <Text size="xs" fw={700} tt="uppercase" c="lake.8" mt={4}>
          Minor · moon rise, set
        </Text>
        {day.minors.length === 0 ? <Text size="sm">-</Text> : day.minors.map((p) => <Text key={p.start} size="sm" ff="monospace">{periodLabel(p)}</Text>)}
      </Stack>
      <Group gap="xs" mt="sm" wrap="nowrap">
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          Day score
        </Text>
        <Progress value={day.score} style={{ flex: 1 }} aria-label={`Day score ${day.score} of 100`} />
        <Text size="sm" fw={700}>
          {day.score}
        </Text>
      </Group>
    </Card>
  );
}
