import { logInput, type LogType, type LogView, type Privacy } from '@tightlines/core/logs';
import dayjs from 'dayjs';
import { wallDay, wallTime } from '../../lib/wall-clock';
import type { LogBody } from './api/save-log';

type Measure = number | string;

export type LogFormValues = {
  type: LogType;
  day: string | null;
  time: string;
  lat: number | null;
  lng: number | null;
  lake: string;
  state: string;
  zone: string;
  privacy: Privacy;
  notes: string;
  photo: string | null;
  clusterCount: Measure;
  tags: string[];
  species: string;
  length: Measure;
  girth: Measure;
  weight: Measure;
  lureCategory: string;
  colorPrimary: string;
  colorSecondary: string;
  lureLength: Measure;
  lureNote: string;
  waterTemp: Measure;
  waterVisibility: Measure;
  lakeStructure: string;
  lakeDepth: Measure;
  lureDepth: Measure;
};

/** A new log starts now, here in the browser's clock; the instant is kept exact unless edited. */
export function blankValues(now: Date): LogFormValues {
  const at = dayjs(now);
  return {
    type: 'Catch',
    day: at.format('YYYY-MM-DD'),
    time: at.format('HH:mm'),
    lat: null,
    lng: null,
    lake: '',
    state: '',
    zone: '',
    privacy: 'private',
    notes: '',
    photo: null,
    clusterCount: '',
    tags: [],
    species: '',
    length: '',
    girth: '',
    weight: '',
    lureCategory: '',
    colorPrimary: '',
    colorSecondary: '',
    lureLength: '',
    lureNote: '',
    waterTemp: '',
    waterVisibility: '',
    lakeStructure: '',
    lakeDepth: '',
    lureDepth: '',
  };
}

const m = (v: number | null): Measure => v ?? '';
const s = (v: string | null): string => v ?? '';

/** An existing log, with its date split into the day and time on the place's wall clock (as the server writes it). */
export function valuesFromLog(log: LogView): LogFormValues {
  return {
    type: log.type,
    day: wallDay(log.date),
    time: wallTime(log.date),
    lat: log.location.lat,
    lng: log.location.lng,
    lake: s(log.location.lake),
    state: s(log.location.state),
    zone: s(log.location.zone),
    privacy: log.privacy,
    notes: s(log.notes),
    photo: log.photo,
    clusterCount: m(log.clusterCount),
    tags: log.tags,
    species: s(log.fish.species),
    length: m(log.fish.length),
    girth: m(log.fish.girth),
    weight: m(log.fish.weight),
    lureCategory: s(log.lure.category),
    colorPrimary: s(log.lure.colorPrimary),
    colorSecondary: s(log.lure.colorSecondary),
    lureLength: m(log.lure.length),
    lureNote: s(log.lure.note),
    waterTemp: m(log.lake.waterTemp),
    waterVisibility: m(log.lake.waterVisibility),
    lakeStructure: s(log.lake.lakeStructure ?? log.location.lakeStructure),
    lakeDepth: m(log.lake.lakeDepth),
    lureDepth: m(log.lake.lureDepth),
  };
}

const num = (v: Measure): number | null => (v === '' ? null : Number(v));
const str = (v: string): string | null => (v.trim() === '' ? null : v.trim());

/**
 * The date goes out as the day and time typed, without an offset, so the server reads it on the
 * wall clock of the log's place; `exactInstant` (an untouched "now") keeps the browser's offset.
 */
export function toBody(values: LogFormValues, exactInstant: Date | null): LogBody {
  return {
    type: values.type,
    date: exactInstant ? dayjs(exactInstant).format('YYYY-MM-DDTHH:mm:ssZ') : `${values.day}T${values.time}:00`,
    notes: str(values.notes),
    photo: values.photo,
    clusterCount: values.type === 'Cluster' ? num(values.clusterCount) : null,
    tags: values.tags,
    privacy: values.privacy,
    fish: { species: str(values.species), length: num(values.length), girth: num(values.girth), weight: num(values.weight) },
    lure: {
      category: str(values.lureCategory),
      colorPrimary: str(values.colorPrimary),
      colorSecondary: str(values.colorSecondary),
      length: num(values.lureLength),
      note: str(values.lureNote),
    },
    lake: {
      waterTemp: num(values.waterTemp),
      waterVisibility: num(values.waterVisibility),
      lakeStructure: str(values.lakeStructure),
      lakeDepth: num(values.lakeDepth),
      lureDepth: num(values.lureDepth),
    },
    location: {
      lat: values.lat ?? NaN,
      lng: values.lng ?? NaN,
      lake: str(values.lake),
      state: str(values.state),
      zone: str(values.zone),
      lakeStructure: str(values.lakeStructure),
    },
  };
}

/** Where each part of the payload is typed in the form, so the server's rules can speak inline. */
const FIELD_OF: Record<string, keyof LogFormValues> = {
  'fish.species': 'species',
  'fish.length': 'length',
  'fish.girth': 'girth',
  'fish.weight': 'weight',
  'lure.category': 'lureCategory',
  'lure.colorPrimary': 'colorPrimary',
  'lure.colorSecondary': 'colorSecondary',
  'lure.length': 'lureLength',
  'lure.note': 'lureNote',
  'lake.waterTemp': 'waterTemp',
  'lake.waterVisibility': 'waterVisibility',
  'lake.lakeStructure': 'lakeStructure',
  'lake.lakeDepth': 'lakeDepth',
  'lake.lureDepth': 'lureDepth',
  'location.lat': 'lat',
  'location.lng': 'lat',
  'location.lake': 'lake',
  'location.state': 'state',
  'location.zone': 'zone',
  'location.lakeStructure': 'lakeStructure',
  location: 'lat',
  date: 'day',
  notes: 'notes',
  photo: 'photo',
  clusterCount: 'clusterCount',
  tags: 'tags',
  type: 'type',
  privacy: 'privacy',
};

/** The form field a payload path (e.g. 'fish.length', from the server's errors) is typed into. */
export const formFieldOf = (path: string): keyof LogFormValues | undefined => FIELD_OF[path] ?? FIELD_OF[path.split('.')[0]!];

export const LOCATION_REQUIRED = 'Pick the place on the map, or use your location.';

/** The same rules the server applies (the shared schema), plus what only a form can get wrong. */
export function validate(values: LogFormValues): Partial<Record<keyof LogFormValues, string>> {
  const errors: Partial<Record<keyof LogFormValues, string>> = {};
  if (!values.day) errors.day = 'Pick the day.';
  if (!/^\d{2}:\d{2}$/.test(values.time)) errors.time = 'Enter the time.';
  if (values.lat === null || values.lng === null) errors.lat = LOCATION_REQUIRED;
  const parsed = logInput.safeParse(toBody(values, null));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path.join('.'));
      if (field && !errors[field]) errors[field] = field === 'lat' ? LOCATION_REQUIRED : issue.message;
    }
  }
  return errors;
}
