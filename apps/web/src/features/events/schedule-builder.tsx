import { Button, Card, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { MAX_LAKES_PER_WEEK, scheduleWeeks } from '@tightlines/core/events/model';
import { resolveInstant, toLocalIso } from '@tightlines/core/time';
import { dayRange } from './event-format';
import type { WizardEvent } from './wizard-form';

type Props = { event: WizardEvent; set: (changes: Partial<WizardEvent>) => void };

/** Step 4 (Series and League): weeks from Sunday across the event's dates, each with up to 6 of its lakes. */
export function ScheduleBuilder({ event, set }: Props) {
  const tz = event.tz ?? 'America/Chicago';
  const weeks = event.schedule ?? [];
  const lakeNames = (event.lakes ?? []).map((l) => l.name);
  const instant = (local: string) => resolveInstant(local, tz, new Date()).toISOString();

  const build = () => {
    if (!event.dateStart || !event.dateEnd) return;
    const built = scheduleWeeks(instant(event.dateStart), instant(event.dateEnd), tz).map((w) => ({
      number: w.number,
      dateStart: toLocalIso(new Date(w.dateStart), tz).slice(0, 16),
      dateEnd: toLocalIso(new Date(w.dateEnd), tz).slice(0, 16),
      lakes: weeks.find((old) => old.number === w.number)?.lakes ?? lakeNames.slice(0, MAX_LAKES_PER_WEEK),
    }));
    set({ schedule: built, seriesQuantity: built.length });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Weeks run Sunday to Sunday across the event&apos;s dates. Pick up to {MAX_LAKES_PER_WEEK} lakes for each.
        </Text>
        <Button variant="light" onClick={build} disabled={!event.dateStart || !event.dateEnd}>
          {weeks.length ? 'Rebuild weeks' : 'Build weeks'}
        </Button>
      </Group>
      {weeks.map((w, i) => (
        <Card key={w.number} withBorder padding="sm">
          <Group justify="space-between" mb={6}>
            <Text fw={600}>Week {w.number}</Text>
            <Text size="sm">{dayRange(instant(w.dateStart), instant(w.dateEnd), tz)}</Text>
          </Group>
          <MultiSelect
            aria-label={`Lakes of week ${w.number}`}
            data={lakeNames}
            value={w.lakes}
            maxValues={MAX_LAKES_PER_WEEK}
            onChange={(lakes) => set({ schedule: weeks.map((x, j) => (j === i ? { ...x, lakes } : x)) })}
          />
        </Card>
      ))}
    </Stack>
  );
}
