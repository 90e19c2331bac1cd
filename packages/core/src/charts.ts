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

export type Series = { label: string; data: number[] };
export type ChartData = { labels: string[]; datasets: Series[] };

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

function count(rows: readonly ChartRow[], key: (r: ChartRow) => string | null | readonly string[], order?: readonly string[]): ChartData {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const k = key(row);
    for (const label of Array.isArray(k) ? k : k === null ? [] : [k]) counts.set(label as string, (counts.get(label as string) ?? 0) + 1);
  }
  const labels = order ? order.filter((l) => counts.has(l)) : [...counts.keys()].sort((a, b) => (counts.get(b)! - counts.get(a)!) || a.localeCompare(b));
  return { labels, datasets: [{ label: DEFAULT_CHART_LABEL, data: labels.map((l) => counts.get(l)!) }] };
}

/** Counts per label, one series per log type, for the stacked bars. */
function stacked(rows: readonly ChartRow[], key: (r: ChartRow) => string | null | readonly string[], order?: readonly string[]): ChartData {
  const totals = count(rows, key, order);
  const types = LOG_TYPES.filter((t) => rows.some((r) => r.type === t));
  return {
    labels: totals.labels,
    datasets: types.map((type) => {
      const of = count(rows.filter((r) => r.type === type), key, order);
      return { label: type, data: totals.labels.map((l) => of.datasets[0]!.data[of.labels.indexOf(l)] ?? 0) };
    }),
  };
}

const monthOf = (r: ChartRow) => MONTHS[Number(r.occurredAt.slice(5, 7)) - 1] ?? null;

export function buildCharts(rows: readonly ChartRow[]) {
  return {
    doughnut: {
      'Lunar Illumination': count(rows, (r) => (r.moonIllum === null ? null : illuminationBucket(r.moonIllum)), ILLUMINATION_BUCKETS),
      'Lunar Phase': count(rows, (r) => r.moonPhase, MOON_PHASE_NAMES),
      'Wind Direction': count(rows, (r) => (r.windDirection === null ? null : windLabel(r.windDirection))),
    },
    bar: {
      'Lure Type': count(rows, (r) => r.lureCategory),
      'Lure Color': count(rows, (r) => r.lureColor),
      Conditions: count(rows, (r) => r.summary),
      'Air Temp': count(rows, (r) => (r.airTemp === null ? null : airTempBucket(r.airTemp)), AIR_TEMP_BUCKETS),
    },
    stacked: {
      Lake: stacked(rows, (r) => r.lake),
      Month: stacked(rows, monthOf, MONTHS),
      Species: stacked(rows, (r) => r.species),
      Tag: stacked(rows, (r) => r.tags),
    },
    dashboard: {
      species: count(rows, (r) => r.species),
      type: count(rows, (r) => r.type, LOG_TYPES),
      lures: count(rows, (r) => r.lureCategory),
      fishSize: stacked(rows, (r) => (r.fishLength === null ? null : fishSizeBucket(r.fishLength)), FISH_SIZE_BUCKETS),
    },
  };
}
export type Charts = ReturnType<typeof buildCharts>;
