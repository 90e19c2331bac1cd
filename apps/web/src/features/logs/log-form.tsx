import '@mantine/dates/styles.css';
import {
  Alert,
  Autocomplete,
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { CREATION_TYPES, type LogView } from '@tightlines/core/logs';
import dayjs from 'dayjs';
import { useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import type { Point } from '../../lib/geolocation';
import { zonedIso } from '../../lib/wall-clock';
import { nearbyLakeQueryOptions, placeQueryOptions } from './api/place';
import type { LogBody } from './api/save-log';
import { blankValues, formFieldOf, toBody, validate, valuesFromLog, type LogFormValues } from './log-form-values';
import { LocationPicker } from './location-picker';
import { LogTagsPanel } from './log-tags-panel';
import { PhotoField } from './photo-field';
import { useLakeMatches, useLureCategories, useTagMatches } from './use-matches';
import { WaterflowField } from './waterflow-field';

type Tab = 'lake' | 'fish' | 'lure' | 'tags';

const TAB_OF: Partial<Record<keyof LogFormValues, Tab>> = {
  lake: 'lake',
  state: 'lake',
  zone: 'lake',
  waterTemp: 'lake',
  waterVisibility: 'lake',
  lakeStructure: 'lake',
  lakeDepth: 'lake',
  lureDepth: 'lake',
  species: 'fish',
  length: 'fish',
  girth: 'fish',
  weight: 'fish',
  clusterCount: 'fish',
  lureCategory: 'lure',
  colorPrimary: 'lure',
  colorSecondary: 'lure',
  lureLength: 'lure',
  lureNote: 'lure',
};

const PRIVACY_CHOICES = [
  { value: 'public', label: 'Public', description: 'Anyone with the link can see this log.' },
  { value: 'protected', label: 'Protected', description: 'Only you and the fishing partners in your Inner Circle can see it.' },
  { value: 'private', label: 'Private', description: 'Only you can see it.' },
] as const;

type Props = {
  /** The saved log when editing; absent when creating. */
  log?: LogView;
  submitLabel: string;
  /** Sends the log; an ApiError it throws is shown on the form, by field where it names one. */
  onSubmit: (body: LogBody) => Promise<unknown>;
  /** While the log is being sent: the submit button shows it and takes no second click. */
  saving: boolean;
  /** Buttons beside Submit (Cancel, Delete). */
  actions?: ReactNode;
};

export function LogForm({ log, submitLabel, onSubmit, saving, actions }: Props) {
  const [now] = useState(() => new Date());
  // An untouched "now" is sent as the exact instant; once the day or time is edited, the typed wall clock is.
  const [exactInstant, setExactInstant] = useState<Date | null>(log ? null : now);
  const [tab, setTab] = useState<Tab>('lake');
  const [error, setError] = useState<string | null>(null);
  const [nearby, setNearby] = useState<{ name: string; applied: boolean } | null>(null);
  const [lakeLookupDown, setLakeLookupDown] = useState<string | null>(null);
  const client = useQueryClient();
  const pickCount = useRef(0);
  const [placeZone, setPlaceZone] = useState<string | null>(log?.timeZone ?? null);

  const form = useForm<LogFormValues>({
    initialValues: log ? valuesFromLog(log) : blankValues(now),
    validate: (values) => validate(values),
  });
  const values = form.values;
  const point = values.lat !== null && values.lng !== null ? { lat: values.lat, lng: values.lng } : null;
  const lakes = useLakeMatches(values.lake);
  const [tagSearch, setTagSearch] = useState('');
  const tagOptions = useTagMatches(tagSearch);
  const lureCategories = useLureCategories();

  const typeOptions: string[] = [...CREATION_TYPES];
  if (log && !typeOptions.includes(log.type)) typeOptions.push(log.type);

  const pick = async (next: Point) => {
    form.setValues({ lat: next.lat, lng: next.lng });
    form.clearFieldError('lat');
    const count = ++pickCount.current;
    setNearby(null);
    setLakeLookupDown(null);
    const [place, lake] = await Promise.allSettled([client.fetchQuery(placeQueryOptions(next)), client.fetchQuery(nearbyLakeQueryOptions(next))]);
    // A later click wins over answers to an earlier one that arrive late.
    if (count !== pickCount.current) return;
    if (place.status === 'fulfilled') {
      form.setFieldValue('state', place.value.state ?? '');
      setPlaceZone(place.value.timeZone);
    }
    // "No lake here" and "the lake service is down" are different news for the angler.
    if (lake.status === 'rejected' && lake.reason instanceof ApiError && lake.reason.status === 503) setLakeLookupDown(lake.reason.message);
    if (lake.status === 'fulfilled' && lake.value) {
      const typed = form.getValues().lake.trim();
      if (typed === '') form.setFieldValue('lake', lake.value.name);
      setNearby({ name: lake.value.name, applied: typed === '' || typed.toLowerCase() === lake.value.name.toLowerCase() });
    }
  };

  const chooseLake = (name: string) => {
    form.setFieldValue('lake', name);
    setNearby((n) => (n ? { ...n, applied: n.name.toLowerCase() === name.toLowerCase() } : n));
    const match = lakes.find((l) => l.name === name);
    if (match && !point) void pick({ lat: match.lat, lng: match.lng });
  };

  const showFirstError = (errors: Partial<Record<string, unknown>>) => {
    const first = Object.keys(errors)[0] as keyof LogFormValues | undefined;
    const inTab = first && TAB_OF[first];
    if (inTab) setTab(inTab);
  };

  const submit = form.onSubmit(
    async (v) => {
      setError(null);
      try {
        await onSubmit(toBody(v, exactInstant));
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        const err = e;
        const fields = Object.entries(err.errors ?? {}).flatMap(([path, detail]) => {
          const field = formFieldOf(path);
          return field ? [[field, detail.type] as const] : [];
        });
        if (fields.length) {
          form.setErrors(Object.fromEntries(fields));
          showFirstError(Object.fromEntries(fields));
        }
        setError(err.message);
      }
    },
    (errors) => showFirstError(errors),
  );

  const dateChanged = () => setExactInstant(null);
  const lookupDate = exactInstant
    ? exactInstant.toISOString()
    : values.day && /^\d{2}:\d{2}$/.test(values.time)
      ? zonedIso(values.day, values.time, placeZone)
      : new Date().toISOString();

  return (
    <form onSubmit={submit} noValidate aria-label={log ? 'Edit log' : 'Create log'}>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert" title="The log was not saved">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Card withBorder padding="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                When and where
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <Select label="Type" data={typeOptions} allowDeselect={false} withAsterisk {...form.getInputProps('type')} />
                <DateInput
                  label="Date"
                  withAsterisk
                  valueFormat="MM/DD/YYYY"
                  maxDate={dayjs(now).add(1, 'day').format('YYYY-MM-DD')}
                  {...form.getInputProps('day')}
                  onChange={(day) => {
                    form.setFieldValue('day', day);
                    dateChanged();
                  }}
                />
                <TimeInput
                  label="Time"
                  withAsterisk
                  {...form.getInputProps('time')}
                  onChange={(e) => {
                    form.setFieldValue('time', e.currentTarget.value);
                    dateChanged();
                  }}
                />
              </SimpleGrid>
              <LocationPicker
                point={point}
                type={values.type}
                state={values.state}
                error={form.errors.lat as string | undefined}
                nearby={nearby}
                lakeLookupDown={lakeLookupDown}
                onPick={(p) => void pick(p)}
                onUseLake={chooseLake}
              />
            </Stack>
          </Card>

          <Card withBorder padding="md">
            <Tabs value={tab} onChange={(t) => setTab((t as Tab | null) ?? 'lake')} keepMounted>
              <Tabs.List grow>
                <Tabs.Tab value="lake">Lake</Tabs.Tab>
                <Tabs.Tab value="fish">Fish</Tabs.Tab>
                <Tabs.Tab value="lure">Lure</Tabs.Tab>
                {log && <Tabs.Tab value="tags">Tags</Tabs.Tab>}
              </Tabs.List>

              <Tabs.Panel value="lake" pt="md">
                <Stack gap="sm">
                  <Autocomplete
                    label="Lake"
                    placeholder="Start typing a lake name"
                    data={[...new Set(lakes.map((l) => l.name))]}
                    filter={({ options }) => options}
                    {...form.getInputProps('lake')}
                    onOptionSubmit={chooseLake}
                    maxLength={120}
                  />
                  <SimpleGrid cols={2} spacing="sm">
                    <TextInput label="State" placeholder="MN" maxLength={2} {...form.getInputProps('state')} />
                    <TextInput label="Zone" placeholder="e.g. north bay" maxLength={40} {...form.getInputProps('zone')} />
                    <NumberInput label="Water temp (°F)" min={0} max={120} decimalScale={1} {...form.getInputProps('waterTemp')} />
                    <NumberInput label="Visibility (ft)" min={0} max={200} decimalScale={1} {...form.getInputProps('waterVisibility')} />
                    <NumberInput label="Lake depth (ft)" min={0} max={2000} decimalScale={1} {...form.getInputProps('lakeDepth')} />
                    <NumberInput label="Lure depth (ft)" min={0} max={2000} decimalScale={1} {...form.getInputProps('lureDepth')} />
                  </SimpleGrid>
                  <TextInput label="Structure" placeholder="e.g. weed edge, rock bar" maxLength={80} {...form.getInputProps('lakeStructure')} />
                  <WaterflowField logId={log?._id} point={point} date={lookupDate} saved={log?.lake ?? null} />
                </Stack>
              </Tabs.Panel>

              <Tabs.Panel value="fish" pt="md">
                <Stack gap="sm">
                  <TextInput label="Species" placeholder="e.g. Muskie, Walleye" maxLength={60} {...form.getInputProps('species')} />
                  <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                    <NumberInput label="Length (in)" min={0} max={100} decimalScale={2} {...form.getInputProps('length')} />
                    <NumberInput label="Girth (in)" min={0} max={100} decimalScale={2} {...form.getInputProps('girth')} />
                    <NumberInput label="Weight (lb)" min={0} max={2000} decimalScale={2} {...form.getInputProps('weight')} />
                  </SimpleGrid>
                  {values.type === 'Cluster' && (
                    <NumberInput label="Fish in the cluster" min={0} max={10_000} allowDecimal={false} {...form.getInputProps('clusterCount')} />
                  )}
                </Stack>
              </Tabs.Panel>

              <Tabs.Panel value="lure" pt="md">
                <Stack gap="sm">
                  <Autocomplete
                    label="Lure category"
                    placeholder="Pick one or type your own"
                    data={lureCategories}
                    openOnFocus
                    maxLength={40}
                    {...form.getInputProps('lureCategory')}
                  />
                  <SimpleGrid cols={2} spacing="sm">
                    <TextInput label="Primary colour" maxLength={40} {...form.getInputProps('colorPrimary')} />
                    <TextInput label="Secondary colour" maxLength={40} {...form.getInputProps('colorSecondary')} />
                  </SimpleGrid>
                  <NumberInput label="Lure length (in)" min={0} max={100} decimalScale={2} {...form.getInputProps('lureLength')} />
                  <Textarea label="Lure note" autosize minRows={2} maxLength={500} {...form.getInputProps('lureNote')} />
                </Stack>
              </Tabs.Panel>

              {log && (
                <Tabs.Panel value="tags" pt="md">
                  <LogTagsPanel logId={log._id} tags={values.tags} onChange={(tags) => form.setFieldValue('tags', tags)} />
                </Tabs.Panel>
              )}
            </Tabs>
          </Card>
        </SimpleGrid>

        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack gap="sm">
              <PhotoField value={values.photo} onChange={(photo) => form.setFieldValue('photo', photo)} />
              {!log && (
                <TagsInput
                  label="Tags"
                  placeholder="Type a tag and press Enter"
                  data={tagOptions.filter((t) => !values.tags.includes(t))}
                  searchValue={tagSearch}
                  onSearchChange={setTagSearch}
                  maxTags={30}
                  clearable
                  {...form.getInputProps('tags')}
                />
              )}
              <Textarea label="Notes" autosize minRows={3} maxLength={5000} {...form.getInputProps('notes')} />
            </Stack>
            <Radio.Group label="Who can see this log" {...form.getInputProps('privacy')}>
              <Stack gap="sm" mt="xs">
                {PRIVACY_CHOICES.map((choice) => (
                  <Radio key={choice.value} value={choice.value} label={choice.label} description={choice.description} />
                ))}
              </Stack>
            </Radio.Group>
          </SimpleGrid>
        </Card>

        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Button type="submit" loading={saving} size="md">
              {submitLabel}
            </Button>
            {actions}
          </Group>
          <Text size="xs" c="dimmed">
            Weather and moon data are added when the log is saved.
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
