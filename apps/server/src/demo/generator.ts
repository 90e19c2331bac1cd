/**
 * Sample fishing logs: a season on five Minnesota lakes, for the demo angler and for benchmarks.
 *
 * Everything here is SAMPLE DATA, made up deterministically from a seed (the same options give
 * the same logs, byte for byte):
 *  - lakes are real, with approximate points on their water; positions are scattered a few
 *    hundred metres around those points;
 *  - species, lengths and weights follow what those lakes hold and what the species grow to;
 *  - water temperatures follow the month; lures follow the species;
 *  - WEATHER IS SYNTHESIZED, not observed: plausible values for the month and the hour, so the
 *    demo looks alive without a network. Nothing is left pending for the weather service.
 *  - lunar data is real: computed offline (the same engine as every log), once per lake and day.
 *
 * Outings are not generated here: the demo seed adds one from these logs.
 */
import { TZDate } from '@date-fns/tz';
import type { LogLunar, LogType, LogView, LogWeather, Privacy } from '@tightlines/core/logs';
import { logLunar } from '@tightlines/core/solunar/log-lunar';
import { localDateOf } from '@tightlines/core/time';
import { describeWeatherCode } from '@tightlines/core/weather';
import type { BulkLog } from '../modules/logs/bulk';
import type { LogRow } from '../modules/logs/rows';
import { toLogView } from '../modules/logs/view';

export const SAMPLE_TIME_ZONE = 'America/Chicago';

type Species = 'Walleye' | 'Northern Pike' | 'Musky' | 'Largemouth Bass' | 'Smallmouth Bass' | 'Crappie' | 'Bluegill' | 'Yellow Perch';

type Lake = {
  name: string;
  /** A point on open water, and how far (degrees) logs scatter around it. */
  lat: number;
  lng: number;
  spread: number;
  species: ReadonlyArray<readonly [Species, number]>;
  /** Typical water clarity in feet. */
  visibility: readonly [number, number];
  structures: readonly string[];
};

/** Approximate, but on the water. */
const LAKES: readonly Lake[] = [
  {
    name: 'Lake Mille Lacs',
    lat: 46.23,
    lng: -93.65,
    spread: 0.03,
    species: [['Walleye', 6], ['Smallmouth Bass', 3], ['Musky', 1], ['Yellow Perch', 2], ['Northern Pike', 1]],
    visibility: [6, 14],
    structures: ['Mud flat', 'Rock reef', 'Gravel bar', 'Weed edge', 'Basin'],
  },
  {
    name: 'Leech Lake',
    lat: 47.15,
    lng: -94.38,
    spread: 0.02,
    species: [['Walleye', 5], ['Musky', 2], ['Northern Pike', 2], ['Yellow Perch', 2], ['Largemouth Bass', 1]],
    visibility: [5, 12],
    structures: ['Weed edge', 'Rock reef', 'Sand flat', 'Cabbage bed', 'Drop-off'],
  },
  {
    name: 'Gull Lake',
    lat: 46.41,
    lng: -94.35,
    spread: 0.004,
    species: [['Walleye', 3], ['Largemouth Bass', 3], ['Northern Pike', 2], ['Crappie', 2], ['Bluegill', 2], ['Smallmouth Bass', 1]],
    visibility: [9, 18],
    structures: ['Weed edge', 'Drop-off', 'Sand flat', 'Rock point', 'Dock'],
  },
  {
    name: 'Lake Minnetonka',
    lat: 44.92,
    lng: -93.58,
    spread: 0.003,
    species: [['Largemouth Bass', 5], ['Musky', 2], ['Bluegill', 3], ['Crappie', 2], ['Northern Pike', 2], ['Walleye', 1]],
    visibility: [5, 12],
    structures: ['Weed edge', 'Dock', 'Lily pads', 'Drop-off', 'Point'],
  },
  {
    name: 'Rainy Lake',
    lat: 48.6,
    lng: -93.2,
    spread: 0.006,
    species: [['Walleye', 5], ['Smallmouth Bass', 3], ['Northern Pike', 2], ['Crappie', 1], ['Musky', 1]],
    visibility: [4, 9],
    structures: ['Rock reef', 'Neck-down', 'Island point', 'Drop-off', 'Boulder field'],
  },
];

type SpeciesTraits = {
  /** Typical catch length range (inches) and a rarer trophy ceiling. */
  length: readonly [number, number, number];
  /** Weight (pounds) ≈ length³ / k. */
  k: number;
  lures: ReadonlyArray<readonly [category: string, note: string | null]>;
  /** Girth is measured on fish big enough to be worth it. */
  girth: boolean;
  depth: readonly [number, number];
};

const SPECIES: Readonly<Record<Species, SpeciesTraits>> = {
  Walleye: {
    length: [14, 24, 30],
    k: 2700,
    girth: false,
    depth: [6, 30],
    lures: [['Jig', 'Tipped with a fathead minnow'], ['Livebait', 'Leech on a slip bobber'], ['Livebait', 'Nightcrawler harness'], ['Crankbait', null], ['Jig', null]],
  },
  'Northern Pike': {
    length: [20, 32, 42],
    k: 3500,
    girth: true,
    depth: [4, 18],
    lures: [['Spinnerbait', null], ['Bucktail', null], ['Jerkbait', null], ['Crankbait', null]],
  },
  Musky: {
    length: [32, 44, 54],
    k: 3400,
    girth: true,
    depth: [4, 20],
    lures: [['Bucktail', 'Double 10 blades'], ['Glider', null], ['Topwater', null], ['Rubber', 'Bulldawg'], ['Jerkbait', null]],
  },
  'Largemouth Bass': {
    length: [12, 18, 22],
    k: 1600,
    girth: false,
    depth: [2, 14],
    lures: [['Rubber', 'Texas-rigged worm'], ['Topwater', 'Frog over the pads'], ['Jig', null], ['Spinnerbait', null], ['Swimbait', null]],
  },
  'Smallmouth Bass': {
    length: [12, 18, 21],
    k: 1650,
    girth: false,
    depth: [6, 25],
    lures: [['Rubber', 'Ned rig'], ['Jerkbait', null], ['Swimbait', null], ['Jig', 'Tube jig']],
  },
  Crappie: {
    length: [8, 12, 15],
    k: 1200,
    girth: false,
    depth: [4, 20],
    lures: [['Jig', null], ['Livebait', 'Crappie minnow under a bobber']],
  },
  Bluegill: {
    length: [6, 8.5, 10.5],
    k: 1100,
    girth: false,
    depth: [2, 12],
    lures: [['Livebait', 'Wax worm'], ['Jig', null]],
  },
  'Yellow Perch': {
    length: [7, 11, 14],
    k: 1700,
    girth: false,
    depth: [8, 30],
    lures: [['Jig', null], ['Livebait', 'Minnow head']],
  },
};

const COLORS = ['Chartreuse', 'White', 'Firetiger', 'Black', 'Gold', 'Silver', 'Perch', 'Pink', 'Orange', 'Green Pumpkin', 'Blue'] as const;
const LURE_LENGTHS: Readonly<Record<string, readonly [number, number]>> = {
  Crankbait: [2.5, 5],
  Spinnerbait: [3, 5],
  Bucktail: [6, 10],
  Rubber: [4, 10],
  Jerkbait: [4, 7],
  Glider: [6, 9],
  Topwater: [3, 8],
  Jig: [1, 3],
  Livebait: [1, 4],
  Swimbait: [3, 7],
};

/** Surface water (°F) by month, May to October: a typical range for central Minnesota. */
const WATER_TEMP: Readonly<Record<number, readonly [number, number]>> = {
  4: [48, 58],
  5: [60, 70],
  6: [70, 78],
  7: [70, 77],
  8: [60, 68],
  9: [46, 55],
};
/** Afternoon air (°F) by month. */
const AIR_TEMP: Readonly<Record<number, number>> = { 4: 66, 5: 75, 6: 80, 7: 78, 8: 69, 9: 55 };

const TAGS = ['Opener', 'Night bite', 'Trolling', 'Pre-fish', 'With the kids', 'Cold front', 'Catch and release'] as const;
const NOTES: Readonly<Partial<Record<LogType, readonly string[]>>> = {
  Catch: [
    'Hit right at the edge of the weeds.',
    'Came up off the bottom on the second hop.',
    'Slow bite, this one saved the morning.',
    'Released after a quick photo.',
    'Fish were stacked on the windward side.',
    'Caught it on the drift, about 1 mph.',
  ],
  Bite: ['Short strike, never hooked up.', 'Light tap, missed the hookset.'],
  Follow: ['Followed to the boat, would not commit on the figure-eight.', 'Big fish, lazy follow.'],
  Lost: ['Threw the hook at the boat.', 'Broke off on the rocks.', 'Came unbuttoned after a long fight.'],
  Hunch: ['Wind shifting west, should turn on tonight.', 'Baitfish on the graph, worth a return trip.'],
  Cluster: ['School suspended over the basin.', 'Steady action for half an hour.'],
};

/** Deterministic pseudo-random numbers (mulberry32): the same seed, the same logs. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (min: number, max: number) => min + next() * (max - min);
  const int = (min: number, max: number) => Math.floor(between(min, max + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const weighted = <T>(items: ReadonlyArray<readonly [T, number]>): T => {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return (items.at(-1) as readonly [T, number])[0];
  };
  const chance = (p: number) => next() < p;
  return { next, between, int, pick, weighted, chance };
}
type Random = ReturnType<typeof prng>;

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

export type Season = number | { start: Date; end: Date };

export type GenerateOptions = {
  userId: string;
  count: number;
  seed: number;
  /** A year (May to October of it) or an explicit span. Logs are only ever dated before `now`. */
  season: Season;
  now?: Date;
};

/**
 * The season the demo angler shows: the latest May to October with at least one whole month
 * behind us, ending before the current month begins (UTC, as the monthly allowance counts), so
 * the sample logs never use up the demo angler's free logs for this month.
 */
export function demoSeason(now: Date): { start: Date; end: Date } {
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  let year = now.getUTCFullYear();
  if (monthStart < Date.UTC(year, 5, 1)) year -= 1;
  const start = new Date(new TZDate(year, 4, 1, SAMPLE_TIME_ZONE).getTime());
  const end = new Date(Math.min(new TZDate(year, 10, 1, SAMPLE_TIME_ZONE).getTime(), monthStart));
  return { start, end };
}

function seasonSpan(season: Season, now: Date): { start: Date; end: Date } {
  const span =
    typeof season === 'number'
      ? { start: new Date(new TZDate(season, 4, 1, SAMPLE_TIME_ZONE).getTime()), end: new Date(new TZDate(season, 10, 1, SAMPLE_TIME_ZONE).getTime()) }
      : season;
  const end = new Date(Math.min(span.end.getTime(), now.getTime() - 3600_000));
  if (end.getTime() - span.start.getTime() < 86_400_000) {
    throw new RangeError(`The season ${span.start.toISOString()} to ${end.toISOString()} has less than a day in the past.`);
  }
  return { start: span.start, end };
}

/** Lunar days shared by every generated log on the same lake and local day (benchmarks make many). */
const lunarDays = new Map<string, LogLunar>();
function lunarFor(lake: Lake, at: Date): LogLunar {
  const key = `${lake.name}|${localDateOf(at, SAMPLE_TIME_ZONE)}`;
  let lunar = lunarDays.get(key);
  if (!lunar) {
    lunar = logLunar(lake.lat, lake.lng, at, SAMPLE_TIME_ZONE);
    if (lunarDays.size > 20_000) lunarDays.clear();
    lunarDays.set(key, lunar);
  }
  return lunar;
}

/** Sample weather for the month and hour: plausible, made up. */
function sampleWeather(r: Random, at: Date): LogWeather {
  const local = new TZDate(at.getTime(), SAMPLE_TIME_ZONE);
  const month = local.getMonth();
  const hour = local.getHours() + local.getMinutes() / 60;
  const summer = month >= 5 && month <= 7;
  const code = r.weighted<number>([
    [0, 3],
    [1, 3],
    [2, 4],
    [3, 3],
    [45, hour < 9 ? 1 : 0],
    [61, 1],
    [80, 1],
    [95, summer && hour > 14 ? 1 : 0],
  ]);
  const { summary, icon, precipType } = describeWeatherCode(code);
  const wet = precipType !== null;
  // Coolest near sunrise, warmest mid-afternoon.
  const diurnal = -9 * Math.cos(((hour - 4) / 24) * 2 * Math.PI) - 3;
  const airTemp = round((AIR_TEMP[month] ?? 65) + diurnal + r.between(-5, 5) - (wet ? 4 : 0));
  const humidity = round(Math.min(0.98, r.between(0.45, 0.8) + (wet || code === 45 ? 0.15 : 0) + (hour < 9 ? 0.1 : 0)), 2);
  const cloudCover = round(
    code === 0 ? r.between(0, 0.1) : code === 1 ? r.between(0.1, 0.3) : code === 2 ? r.between(0.3, 0.7) : r.between(0.8, 1),
    2,
  );
  return {
    summary,
    icon,
    airTemp,
    windDirection: r.int(0, 359),
    windSpeed: round(Math.min(28, r.between(0, 8) + r.between(0, 8) + (code === 95 ? 6 : 0))),
    barometer: round(r.between(1006, 1026) - (wet ? 8 : 0)),
    cloudCover,
    dewpoint: round(airTemp - (1 - humidity) * 36),
    humidity,
    precipType,
    precipHourly: wet ? round(r.between(0.01, code === 95 ? 0.6 : 0.2), 2) : 0,
  };
}

const TYPE_WEIGHTS: ReadonlyArray<readonly [LogType, number]> = [
  ['Catch', 56],
  ['Bite', 11],
  ['Follow', 9],
  ['Lost', 8],
  ['Hunch', 5],
  ['Cluster', 6],
  ['Draft', 5],
];
const PRIVACY_WEIGHTS: ReadonlyArray<readonly [Privacy, number]> = [
  ['public', 45],
  ['protected', 25],
  ['private', 30],
];

/**
 * `count` sample logs for one angler, as the bulk insert takes them, in time order. Grouped in
 * outings of one to five logs on one lake, mornings and evenings, spread over the season.
 */
export function generateLogs(options: GenerateOptions): BulkLog[] {
  const r = prng(options.seed);
  const { start, end } = seasonSpan(options.season, options.now ?? new Date());
  const days = Math.floor((end.getTime() - start.getTime()) / 86_400_000);
  const logs: BulkLog[] = [];
  while (logs.length < options.count) {
    const lake = r.pick(LAKES);
    const day = new TZDate(start.getTime() + r.int(0, days - 1) * 86_400_000, SAMPLE_TIME_ZONE);
    const [fromHour, toHour] = r.chance(0.6) ? [5.5, 8.5] : [16.5, 19.5];
    const startMinutes = Math.round(r.between(fromHour, toHour) * 60);
    let at = new Date(new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), 0, startMinutes, SAMPLE_TIME_ZONE).getTime());
    const size = Math.min(options.count - logs.length, r.int(1, 5));
    for (let i = 0; i < size; i += 1) {
      if (at.getTime() >= end.getTime() || at.getTime() < start.getTime()) break;
      logs.push(sampleLog(r, options.userId, lake, at));
      at = new Date(at.getTime() + r.int(8, 55) * 60_000);
    }
  }
  return logs.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

function sampleLog(r: Random, userId: string, lake: Lake, at: Date): BulkLog {
  const type = r.weighted(TYPE_WEIGHTS);
  const lat = round(lake.lat + r.between(-lake.spread, lake.spread), 5);
  const lng = round(lake.lng + r.between(-lake.spread, lake.spread) * 1.4, 5);
  const lunar = lunarFor(lake, at);
  const base: BulkLog = {
    userId,
    type,
    occurredAt: at,
    timeZone: SAMPLE_TIME_ZONE,
    privacy: type === 'Draft' ? 'private' : r.weighted(PRIVACY_WEIGHTS),
    tags: [],
    lat,
    lng,
    lakeName: lake.name,
    state: 'MN',
    weather: sampleWeather(r, at),
    lunar,
    moonPhase: lunar.moonPhase,
    // Sample logs were "made" when they happened, so they never count against this month's allowance.
    createdAt: at,
  };
  // A draft is what an instant draft saves: where and when, nothing else yet.
  if (type === 'Draft') return base;

  const month = new TZDate(at.getTime(), SAMPLE_TIME_ZONE).getMonth();
  const species = r.weighted(type === 'Cluster' ? lake.species.filter(([s]) => ['Crappie', 'Bluegill', 'Yellow Perch', 'Walleye'].includes(s)) : lake.species);
  const traits = SPECIES[species];
  const [lure, lureNote] = r.pick(traits.lures);
  const lakeDepth = r.int(traits.depth[0], traits.depth[1]);
  const [tempLow, tempHigh] = WATER_TEMP[month] ?? [55, 70];
  const log: BulkLog = {
    ...base,
    notes: r.chance(0.4) ? r.pick(NOTES[type] ?? NOTES.Catch ?? []) : null,
    tags: r.chance(0.35) ? [...new Set([r.pick(TAGS), ...(r.chance(0.3) ? [r.pick(TAGS)] : [])])] : [],
    fishSpecies: type === 'Hunch' ? null : species,
    lureCategory: type === 'Hunch' ? null : lure,
    lureColorPrimary: type === 'Hunch' ? null : r.pick(COLORS),
    lureColorSecondary: type !== 'Hunch' && r.chance(0.5) ? r.pick(COLORS) : null,
    lureLength: type === 'Hunch' ? null : round(r.between(...(LURE_LENGTHS[lure] ?? [2, 5])) * 2, 0) / 2,
    lureNote: type === 'Hunch' ? null : lureNote,
    waterTemp: round(r.between(tempLow, tempHigh)),
    waterVisibility: r.chance(0.7) ? r.int(lake.visibility[0], lake.visibility[1]) : null,
    lakeStructure: r.pick(lake.structures),
    lakeDepth,
    lureDepth: r.chance(0.7) ? Math.max(1, Math.round(lakeDepth * r.between(0.3, 1))) : null,
    clusterCount: type === 'Cluster' ? r.int(3, 14) : null,
  };
  if (type === 'Catch' || type === 'Follow' || type === 'Lost') {
    const [low, typical, trophy] = traits.length;
    // Mostly between low and typical, sometimes up to the trophy size; a follow or a lost fish is a guess.
    const length = r.chance(0.85) ? r.between(low, typical) : r.between(typical, trophy);
    log.fishLength = type === 'Catch' ? round(length * 4, 0) / 4 : Math.round(length);
    if (type === 'Catch') {
      log.fishWeight = round(length ** 3 / traits.k, 2);
      if (traits.girth && r.chance(0.6)) log.fishGirth = round(length * r.between(0.42, 0.5) * 4, 0) / 4;
      if (length > typical && r.chance(0.5)) log.tags = [...new Set([...(log.tags ?? []), 'Personal best'])];
    }
  }
  return log;
}


/** A generated log as the API would show it once saved (for writing sample CSV files). */
export function sampleLogView(log: BulkLog, username = 'sample_angler'): LogView {
  const empty = null;
  const row: LogRow = {
    id: '00000000-0000-0000-0000-000000000000',
    notes: empty,
    photo: empty,
    clusterCount: empty,
    tags: [],
    privacy: 'private',
    outingId: empty,
    lakeName: empty,
    state: empty,
    zone: empty,
    locationStructure: empty,
    fishSpecies: empty,
    fishLength: empty,
    fishGirth: empty,
    fishWeight: empty,
    lureCategory: empty,
    lureColorPrimary: empty,
    lureColorSecondary: empty,
    lureLength: empty,
    lureNote: empty,
    waterTemp: empty,
    waterVisibility: empty,
    lakeStructure: empty,
    lakeDepth: empty,
    lureDepth: empty,
    waterflow: empty,
    gaugeStation: empty,
    gaugeSiteCode: empty,
    gaugeAgency: empty,
    weather: empty,
    lunar: empty,
    moonPhase: empty,
    pending: [],
    enrichAttempts: 0,
    enrichAfter: empty,
    ...log,
    tagsLower: (log.tags ?? []).map((t) => t.toLowerCase()),
    createdAt: log.createdAt ?? log.occurredAt,
    updatedAt: log.createdAt ?? log.occurredAt,
  };
  return toLogView(row, username);
}
