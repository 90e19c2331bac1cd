/**
 * Run once by run.mjs before the benches: migrates a PGlite data directory in the given folder
 * (`<folder>/pglite`). Every bench's server then starts on a copy of it (testkit's template,
 * TIGHTLINES_TEST_PGLITE_DATA_DIR) instead of running PGlite's initdb and every migration again:
 * several seconds of each start-up that no bench measures.
 *
 *   npx tsx bench/lib/prepare-run.ts <folder>
 */
import { openDatabase } from '@tightlines/server/src/db/client';

const folder = process.argv[2];
if (!folder) throw new Error('usage: prepare-run.ts <folder>');
const database = await openDatabase({ dataDir: folder });
await database.close();
