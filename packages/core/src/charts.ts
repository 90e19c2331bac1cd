import { z } from 'zod';
import { LOG_TYPES } from './logs';
import { MOON_PHASE_NAMES } from './solunar/phase';
import { windLabel } from './weather';

/** The few fields of a log the charts read. */
export type ChartRow = {
  type: string;
  occurredAt: string;
  lake: string | null;
  species: string | null;
  fishLength: number | null;
  lureCategory: string | null;
  lureColor: string | null;
  tags: string[];
  moonPhase: string | null;
  moonIllum: number | null;
  windDirection: number | null;
  airTemp: number | null;
  summary: string | null;
};

/** One chart in the Chart.js shape: one number per label in each dataset. */
export const chartData = z.object({
  labels: z.array(z.string()),
  datasets: z.array(z.object({ label: z.string(), data: z.array(z.number()) })),
});
export type ChartData = z.infer<typeof chartData>;
export type Series = ChartData['datasets'][number];

/** The data page's charts, by group and title. */
export const chartsSchema = z.object({
  doughnut: z.object({ 'Lunar Illumination': chartData, 'Lunar Phase': chartData, 'Wind Direction': chartData }),
  bar: z.object({ 'Lure Type': chartData, 'Lure Color': chartData, Conditions: chartData, 'Air Temp': chartData }),
  stacked: z.object({ Lake: chartData, Month: chartData, Species: chartData, Tag: chartData }),
});
export type Charts = z.infer<typeof chartsSchema>;

/** The dashboard's four charts over every log of the angler. */
export const dashboardChartsSchema = z.object({ species: chartData, type: chartData, lures: chartData, fishSize: chartData });

export const DEFAULT_CHART_LABEL = 'Logs';

export const ILLUMINATION_BUCKETS = Array.from({ length: 10 }, (_, i) => (i === 9 ? '90-100%' : `${i * 10}-${i * 10 + 9}%`));

export function illuminationBucket(percent: number): string {
  return ILLUMINATION_BUCKETS[Math.min(9, Math.max(0, Math.floor(percent / 10)))]!;
}

export const AIR_TEMP_BUCKETS = ['Below 0 F', ...Array.from({ length: 10 }, (_, i) => `${i * 10}-${i * 10 + 9} F`), '100 F or more'];

export function airTempBucket(f: number): string {
  if (f < 0) return AIR_TEMP_BUCKETS[0]!;
  if (f >= 100) return AIR_TEMP_BUCKETS[11]!;
  return AIR_TEMP_BUCKETS[1 + Math.floor(f / 10)]!;
}

/** Fish size buckets of the stacked chart, in inches; lengths are floored first. */
export const FISH_SIZE_BUCKETS = ['30-34', '35-39', '40-42', '43-46', '47-49', '50-54', '55+'] as const;
export const FISH_SIZE_MAX = 100;

export function fishSizeBucket(length: number): string | null {
  const l = Math.floor(length);
  if (l < 30 || l > FISH_SIZE_MAX) return null;
  if (l <= 34) return '30-34';
  if (l <= 39) return '35-39';
  if (l <= 42) return '40-42';
  if (l <= 46) return '43-46';
  if (l <= 49) return '47-49';
  if (l <= 54) return '50-54';
  return '55+';
}

/** The stacked charts' axis: 10 at least, else the tallest stack plus 30. */
export function stackedUpperLimit(data: ChartData): number {
  const totals = data.labels.map((_, i) => data.datasets.reduce((sum, s) => sum + (s.data[i] ?? 0), 0));
  const max = Math.max(0, ...totals);
  return max < 10 ? 10 : max + 30;
}

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A label, the log type it counts for, and how many logs: what SQL GROUP BY answers too. */
export type Tally = { label: string; type: string; n: number };

function order(totals: Map<string, number>, fixed?: readonly string[]): string[] {
  return fixed
    ? fixed.filter((l) => totals.has(l))
    : [...totals.keys()].sort((a, b) => totals.get(b)! - totals.get(a)! || a.localeCompare(b));
}

/** One series of counts per label; the labels in a fixed order, or most frequent first. */
export function countChart(tallies: readonly Tally[], fixed?: readonly string[]): ChartData {
  const totals = new Map<string, number>();
  for (const t of tallies) totals.set(t.label, (totals.get(t.label) ?? 0) + t.n);
  const labels = order(totals, fixed);
  return { labels, datasets: [{ label: DEFAULT_CHART_LABEL, data: labels.map((l) => totals.get(l)!) }] };
}

/** Counts per label, one series per log type, for the stacked bars. */
export function stackedChart(tallies: readonly Tally[], fixed?: readonly string[]): ChartData {
  const { labels } = countChart(tallies, fixed);
  const types = LOG_TYPES.filter((type) => tallies.some((t) => t.type === type));
  return {
    labels,
    datasets: types.map((type) => ({
      label: type,
      data: labels.map((l) => tallies.filter((t) => t.type === type && t.label === l).reduce((sum, t) => sum + t.n, 0)),
    })),
  };
}

/** The data page's eleven charts, each counted by log type and label. */
export const CHART_KEYS = ['illumination', 'phase', 'wind', 'lureType', 'lureColor', 'conditions', 'airTemp', 'lake', 'month', 'species', 'tag'] as const;
export type ChartKey = (typeof CHART_KEYS)[number];
/** Each chart's counts; a label may come in several tallies of one type (they are added up). */
export type ChartTallies = Record<ChartKey, Tally[]>;

/** What each chart counts a log under: no label, one, or several (tags). */
const CHART_LABELS: Record<ChartKey, (r: ChartRow) => string | null | readonly string[]> = {
  illumination: (r) => (r.moonIllum === null ? null : illuminationBucket(r.moonIllum)),
  phase: (r) => r.moonPhase,
  wind: (r) => (r.windDirection === null ? null : windLabel(r.windDirection)),
  lureType: (r) => r.lureCategory,
  lureColor: (r) => r.lureColor,
  conditions: (r) => r.summary,
  airTemp: (r) => (r.airTemp === null ? null : airTempBucket(r.airTemp)),
  lake: (r) => r.lake,
  month: (r) => MONTHS[Number(r.occurredAt.slice(5, 7)) - 1] ?? null,
  species: (r) => r.species,
  tag: (r) => r.tags,
};

function tally(rows: readonly ChartRow[], key: (r: ChartRow) => string | null | readonly string[]): Tally[] {
  const counts = new Map<string, Tally>();
  for (const row of rows) {
    const k = key(row);
    for (const label of Array.isArray(k) ? k : k === null ? [] : [k as string]) {
      const id = `${row.type}\u0000${label}`;
      const t = counts.get(id);
      if (t) t.n += 1;
      else counts.set(id, { label, type: row.type, n: 1 });
    }
  }
  return [...counts.values()];
}

/** The charts from their counts (what SQL GROUP BY answers): labels ordered and series built as for single logs. */
export function chartsFromTallies(t: ChartTallies): Charts {
  return {
    doughnut: {
      'Lunar Illumination': countChart(t.illumination, ILLUMINATION_BUCKETS),
      'Lunar Phase': countChart(t.phase, MOON_PHASE_NAMES),
      'Wind Direction': countChart(t.wind),
    },
    bar: {
      'Lure Type': countChart(t.lureType),
      'Lure Color': countChart(t.lureColor),
      Conditions: countChart(t.conditions),
      'Air Temp': countChart(t.airTemp, AIR_TEMP_BUCKETS),
    },
    stacked: {
      Lake: stackedChart(t.lake),
      Month: stackedChart(t.month, MONTHS),
      Species: stackedChart(t.species),
      Tag: stackedChart(t.tag),
    },
  };
}

/** The charts of single logs: the definition the counts grouped in SQL must agree with. */
export function buildCharts(rows: readonly ChartRow[]): Charts {
  return chartsFromTallies(Object.fromEntries(CHART_KEYS.map((key) => [key, tally(rows, CHART_LABELS[key])])) as ChartTallies);
}
