/** Latency summaries. Percentiles use the nearest-rank method on the sorted samples. */

export interface Summary {
  count: number;
  meanMs: number;
  minMs: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export function summarize(samplesMs: readonly number[]): Summary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const total = sorted.reduce((sum, x) => sum + x, 0);
  return {
    count: sorted.length,
    meanMs: sorted.length ? total / sorted.length : Number.NaN,
    minMs: sorted[0] ?? Number.NaN,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
  };
}

/** Milliseconds with sensible precision: 0.123, 12.3, 123. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value < 1) return value.toFixed(3);
  if (value < 100) return value.toFixed(1);
  return value.toFixed(0);
}

export function rate(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value < 100 ? value.toFixed(1) : value.toFixed(0);
}

/** A markdown table. */
export function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** "200", or "143 of 200 (time cap)" when a run was cut short. */
export function requestCount(result: { total: number; planned: number; stoppedByTimeCap: boolean }): string {
  return result.stoppedByTimeCap ? `${result.total} of ${result.planned} (time cap)` : String(result.total);
}
