/** What the benches that explain a repository's statements share: reading the plans and timing the call. */

/** The execution times of the explained statements, in the order they ran. */
export function executionTimes(lines: string[]): string {
  return lines
    .filter((l) => l.startsWith('Execution Time'))
    .map((l) => l.replace('Execution Time: ', ''))
    .join(' + ');
}

/** The median wall time of `runs` calls, one after another, in ms. */
export async function medianMs(runs: number, call: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}
