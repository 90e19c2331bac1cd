import { Button, Card, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { ALL, chooseFilter, yearOptions, type Filter, type FilterType } from '@tightlines/core/filters';
import { LOG_TYPES } from '@tightlines/core/logs';
import { MOON_PHASE_NAMES } from '@tightlines/core/solunar/phase';
import { useMemo, useState } from 'react';

type Props = { applied: readonly Filter[]; usernames: readonly string[]; onApply: (filters: Filter[]) => void };

/** The Inner Circle's filters (seed 001): state, lake, year, tag, log type, moon phase, username. */
export function CircleFilterBar({ applied, usernames, onApply }: Props) {
  const [draft, setDraft] = useState<Filter[]>(() => [...applied]);
  const years = useMemo(() => yearOptions(new Date()), []);
  const value = (type: FilterType) => draft.find((f) => f.type === type)?.value ?? null;
  const choose = (type: FilterType, next: string | null) => setDraft((current) => chooseFilter(current, type, next ?? ALL));

  const select = (type: FilterType, label: string, options: readonly string[]) => (
    <Select
      label={label}
      data={[ALL, ...options]}
      value={value(type) ?? ALL}
      onChange={(v) => choose(type, v)}
      allowDeselect={false}
      searchable={options.length > 12}
      comboboxProps={{ withinPortal: true }}
    />
  );
  const typed = (type: FilterType, label: string) => (
    <TextInput
      label={label}
      placeholder={ALL}
      maxLength={200}
      value={value(type) ?? ''}
      onChange={(e) => choose(type, e.currentTarget.value.trim() === '' ? null : e.currentTarget.value)}
    />
  );

  return (
    <Card
      withBorder
      padding="md"
      component="form"
      aria-label="Inner Circle filters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft.map((f) => ({ ...f, value: f.value.trim() })));
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        {typed('location.state', 'State')}
        {typed('location.lake', 'Lake')}
        {select('year', 'Year', years)}
        {typed('tag', 'Tag')}
        {select('type', 'Log type', LOG_TYPES)}
        {select('moonPhase', 'Moon phase', MOON_PHASE_NAMES)}
        {select('username', 'Username', usernames)}
      </SimpleGrid>
      <Group mt="md" gap="sm">
        <Button type="submit">Apply</Button>
        <Button
          variant="default"
          disabled={draft.length === 0 && applied.length === 0}
          onClick={() => {
            setDraft([]);
            onApply([]);
          }}
        >
          Clear all
        </Button>
      </Group>
    </Card>
  );
}
