import '@mantine/dates/styles.css';
import { Button, Card, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import {
  ALL,
  canApplyFilters,
  chooseFilter,
  FISH_LENGTH_OPTIONS,
  WATER_TEMP_OPTIONS,
  yearOptions,
  type Filter,
  type FilterType,
} from '@tightlines/core/filters';
import { LOG_TYPES } from '@tightlines/core/logs';
import { MOON_PHASE_NAMES } from '@tightlines/core/solunar/phase';
import { useMemo, useState } from 'react';
import { lureCategoriesQueryOptions } from '../../lib/lure-categories';
import { myTagsQueryOptions } from '../../lib/my-tags';
import { lakesQueryOptions, statesQueryOptions } from './api/get-filter-choices';

type Props = { applied: readonly Filter[]; onApply: (filters: Filter[]) => void };

/**
 * The data page's filters. Choices collect in a draft; Apply puts them in the page's address,
 * which is what the list, the map and the charts read.
 */
export function FilterBar({ applied, onApply }: Props) {
  const [draft, setDraft] = useState<Filter[]>(() => [...applied]);
  const states = useQuery(statesQueryOptions());
  const lakes = useQuery(lakesQueryOptions());
  const tags = useQuery(myTagsQueryOptions());
  const categories = useQuery(lureCategoriesQueryOptions());
  const years = useMemo(() => yearOptions(new Date()), []);

  const value = (type: FilterType) => draft.find((f) => f.type === type)?.value ?? null;
  const choose = (type: FilterType, next: string | null) => setDraft((current) => chooseFilter(current, type, next ?? ALL));
  const applicable = canApplyFilters(draft);

  const select = (type: FilterType, label: string, options: readonly string[] | undefined, searchable = false) => {
    const current = value(type);
    // A value from the address that the list no longer holds (a deleted lake) still shows.
    const data = [ALL, ...(options ?? []), ...(current && !options?.includes(current) ? [current] : [])];
    return (
      <Select
        label={label}
        data={data}
        value={current ?? ALL}
        onChange={(v) => choose(type, v)}
        allowDeselect={false}
        searchable={searchable}
        nothingFoundMessage="Nothing found"
        comboboxProps={{ withinPortal: true }}
      />
    );
  };

  return (
    <Card withBorder padding="md" component="form" aria-label="Filters" onSubmit={(e) => {
      e.preventDefault();
      if (applicable) onApply(draft);
    }}>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: 4 }} spacing="sm" verticalSpacing="xs">
        {select('location.state', 'State', states.data)}
        {select('location.lake', 'Lake', lakes.data, true)}
        {select('year', 'Year', years)}
        {select('tag', 'Tag', tags.data, true)}
        {select('type', 'Log type', LOG_TYPES)}
        {select('lureCategory', 'Lure category', categories.data, true)}
        {select('moonPhase', 'Moon phase', MOON_PHASE_NAMES)}
        <TextInput
          label="Lure colour"
          placeholder={ALL}
          value={value('lureColor') ?? ''}
          onChange={(e) => choose('lureColor', e.currentTarget.value.trim() === '' ? null : e.currentTarget.value)}
        />
        {select('waterTemp', 'Water temp (°F)', WATER_TEMP_OPTIONS)}
        {select('fishLength', 'Fish length (in)', FISH_LENGTH_OPTIONS)}
        <DateInput
          label="Start date"
          placeholder={ALL}
          valueFormat="MM/DD/YYYY"
          clearable
          value={value('dateStart')}
          onChange={(v) => choose('dateStart', v)}
        />
        <DateInput
          label="End date"
          placeholder={ALL}
          valueFormat="MM/DD/YYYY"
          clearable
          minDate={value('dateStart') ?? undefined}
          value={value('dateEnd')}
          onChange={(v) => choose('dateEnd', v)}
        />
      </SimpleGrid>
      <Group mt="md" gap="sm" align="center">
        <Button type="submit" disabled={!applicable}>
          Apply
        </Button>
        <Button
          variant="default"
          onClick={() => {
            setDraft([]);
            onApply([]);
          }}
          disabled={draft.length === 0 && applied.length === 0}
        >
          Clear all
        </Button>
        {!applicable && (
          <Text size="sm" c="red.8" role="status">
            Pick a start date to go with the end date.
          </Text>
        )}
      </Group>
    </Card>
  );
}
