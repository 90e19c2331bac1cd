/**
 * Offline places: what a lookup costs the server (apps/server/src/providers/places).
 *
 *  1. Cold: the first reverse geocode in a fresh process (builds the state polygon index) and the
 *     first search (loads the ZIP table), each timed once.
 *  2. Warm, timed per lookup: reverse on land (a grid over Minnesota and its neighbours), reverse
 *     over open water (the Great Lakes, where the nearest-ZIP scan runs), search by ZIP and by
 *     city and state.
 *
 * In this process, no server: these are the calls log creation, import and the forecast make.
 *
 *   npx tsx bench/places.bench.ts [--lookups 10000] [--json out.json]
 */
import { OfflinePlaces } from '../apps/server/src/providers/places/offline-places';
import { countOption, finish } from './lib/report';
import { ms, summarize, table, type Summary } from './lib/stats';

const LOOKUPS = countOption('--lookups', 'BENCH_PLACES_LOOKUPS', 10_000);
const WATER_LOOKUPS = Math.max(1, Math.floor(LOOKUPS / 10));

function once(run: () => unknown): number {
  const t0 = performance.now();
  run();
  return performance.now() - t0;
}

/** Times `count` calls one by one; throws when a call's answer is wrong. */
function timed<T>(count: number, call: (i: number) => T, check: (answer: T, i: number) => void): Summary {
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now();
    const answer = call(i);
    samples.push(performance.now() - t0);
    check(answer, i);
  }
  return summarize(samples);
}

const places = new OfflinePlaces();
const coldReverseMs = once(() => places.reverse(44.98, -93.27));
const coldSearchMs = once(() => places.search('55401'));
console.error(`cold: reverse ${ms(coldReverseMs)} ms, search ${ms(coldSearchMs)} ms`);

const ZIPS = ['55401', '56401', '02108', '80202', '96813', '33040', '60601', '98101', '73301', '10001'];
const CITIES = ['Minneapolis, MN', 'Brainerd, Minnesota', 'saint paul mn', 'Kansas City Missouri', 'Ft. Lauderdale, FL', 'Denver, CO'];

const land = timed(
  LOOKUPS,
  (i) => places.reverse(44 + (i % 40) / 20, -94 + (i % 97) / 50),
  (answer) => {
    if (!answer.timeZone) throw new Error('reverse on land: no time zone');
  },
);
const water = timed(
  WATER_LOOKUPS,
  (i) => places.reverse(43 + (i % 50) / 20, -87.5 + (i % 7) / 20),
  (answer, i) => {
    if (!answer.timeZone) throw new Error(`reverse over water ${i}: no time zone`);
  },
);
const byZip = timed(
  LOOKUPS,
  (i) => places.search(ZIPS[i % ZIPS.length]!),
  (answer, i) => {
    if (answer?.zip !== ZIPS[i % ZIPS.length]) throw new Error(`search ${ZIPS[i % ZIPS.length]}: got ${JSON.stringify(answer)}`);
  },
);
const byCity = timed(
  LOOKUPS,
  (i) => places.search(CITIES[i % CITIES.length]!),
  (answer, i) => {
    if (!answer) throw new Error(`search ${CITIES[i % CITIES.length]}: not found`);
  },
);

/** Microseconds: a warm lookup on land takes a few. */
const us = (valueMs: number) => (valueMs * 1000).toFixed(valueMs < 0.01 ? 2 : valueMs < 1 ? 1 : 0);
const row = (label: string, s: Summary) => [label, String(s.count), us(s.meanMs), us(s.p50Ms), us(s.p95Ms), us(s.p99Ms), us(s.maxMs)];
finish({
  name: 'places',
  title: 'Offline places: reverse geocoding and search',
  markdown: [
    '`OfflinePlaces` (`apps/server/src/providers/places`), called in the bench process: the lookups log creation, the CSV import and the forecast make. The first calls in a fresh process build the state polygon index (us-atlas + which-polygon) and load the ZIP table (zipcodes); after that every lookup is timed on its own. Reverse on land: a grid over Minnesota and its neighbours. Over water: points on Lake Michigan, outside every state polygon, where the nearest-ZIP scan decides the state.',
    '',
    table(['first call in the process', 'ms'], [['reverse (builds the polygon index)', ms(coldReverseMs)], ['search (loads the ZIP table)', ms(coldSearchMs)]]),
    '',
    table(
      ['lookup (µs)', 'calls', 'mean', 'p50', 'p95', 'p99', 'max'],
      [row('reverse, on land', land), row('reverse, over water', water), row('search by ZIP', byZip), row('search by city and state', byCity)],
    ),
  ].join('\n'),
  data: { coldReverseMs, coldSearchMs, land, water, byZip, byCity },
});
