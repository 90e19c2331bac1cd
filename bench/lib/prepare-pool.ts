/**
 * Run by run.mjs beside the template's migration (lib/prepare-run.ts), each on a core of its own:
 * writes the run's shared sample logs (lib/sample-pool.ts, the 100,000 the benches use by default)
 * to BENCH_SHARED_DIR, so that no bench spends its own time generating them.
 *
 *   BENCH_SHARED_DIR=<folder> npx tsx bench/lib/prepare-pool.ts
 */
import { poolLogs } from './sample-pool';

if (!process.env.BENCH_SHARED_DIR) throw new Error('prepare-pool.ts writes to BENCH_SHARED_DIR, which is not set');
poolLogs('00000000-0000-0000-0000-000000000000', 100_000);
