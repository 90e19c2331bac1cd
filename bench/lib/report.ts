/**
 * How a bench hands back its figures: the markdown section goes to stdout; with
 * `--json <file>` (what run.mjs passes) the same section and the raw numbers are written there.
 */
import fs from 'node:fs';
import os from 'node:os';

/** The machine's 1-minute load average when this bench started (anything else running skews the figures). */
const loadAtStart = os.loadavg()[0] ?? 0;
if (loadAtStart > os.availableParallelism() / 2) {
  console.error(`warning: 1-minute load average is ${loadAtStart.toFixed(2)} on ${os.availableParallelism()} CPUs; other work will skew the figures.`);
}

export interface BenchReport {
  /** Section key in RESULTS.md, e.g. "solunar". */
  name: string;
  title: string;
  markdown: string;
  data: unknown;
}

export function argValue(flag: string): string | undefined {
  const at = process.argv.indexOf(flag);
  return at === -1 ? undefined : process.argv[at + 1];
}

/** A positive whole number from `--flag N` or the environment, else the default. */
export function countOption(flag: string, envName: string, fallback: number): number {
  const raw = argValue(flag) ?? process.env[envName];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} / ${envName} must be a positive whole number, got ${raw}`);
  return value;
}

export function finish(report: BenchReport): void {
  const loadAtEnd = os.loadavg()[0] ?? 0;
  report.markdown += `\n\n1-minute load average on this ${os.availableParallelism()}-CPU machine: ${loadAtStart.toFixed(2)} when the bench started, ${loadAtEnd.toFixed(2)} when it ended (the bench itself adds up to about 2).`;
  report.data = { loadAverage: { start: loadAtStart, end: loadAtEnd }, ...(report.data as object) };
  process.stdout.write(`\n## ${report.title}\n\n${report.markdown}\n`);
  const out = argValue('--json');
  if (out) fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
}

/** Throws unless every request got the expected status and passed its check. */
export function assertClean(label: string, result: { errors: number; firstError: string | null; statuses: Record<string, number> }, status = 200): void {
  const bad = Object.entries(result.statuses).filter(([code]) => Number(code) !== status);
  if (result.errors > 0 || bad.length > 0) {
    throw new Error(`${label}: ${result.errors} failed request(s), statuses ${JSON.stringify(result.statuses)}; first: ${result.firstError ?? 'n/a'}`);
  }
}
