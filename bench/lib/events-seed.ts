import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';
import { insertAnglers } from '@tightlines/testkit/seed';

/**
 * `count` created events in one INSERT … SELECT over generate_series (a tenth private, a tenth
 * drafts, which the list never shows): types, species, sizes, states and dates spread over two
 * years around now, so about half have ended. Resolves with the milliseconds it took.
 */
export async function seedEvents(database: Database, count: number): Promise<number> {
  const started = performance.now();
  const [owner] = await insertAnglers(database, 1, 'correct horse 42', 'organiser');
  await database.db.execute(sql`
    insert into events (created_by, status, name, type, format, size, cost_cents, is_public, state, species,
                        key_type, date_start, date_end, tz, fee_cents)
    select ${owner!.id}::uuid,
           case when i % 10 = 0 then 'Draft' else 'Active' end,
           'Bench event ' || i,
           (array['Tournament','League','Series'])[1 + i % 3],
           (array['Points','Biggest Bag','Biggest Fish','Most Fish'])[1 + i % 4],
           (array['12','25','50'])[1 + i % 3],
           (i % 4) * 500,
           i % 10 <> 5,
           (array['MN','WI','MI','IA','ND','SD','IL','OH'])[1 + i % 8],
           array[(array['Bass','Crappie','Musky','Pike','Walleye'])[1 + i % 5]],
           'None',
           now() + ((i % 730) - 365) * interval '1 day',
           now() + ((i % 730) - 365) * interval '1 day' + (1 + i % 30) * interval '1 day',
           'America/Chicago',
           0
    from generate_series(1, ${count}) as i`);
  await database.db.execute(sql`analyze events`);
  return performance.now() - started;
}

/** The list's queries the events benches ask. */
export const LIST_CASES: { label: string; query: string }[] = [
  { label: 'no filter (first 50)', query: '' },
  { label: 'type=League', query: '?type=League' },
  { label: 'species=Walleye', query: '?species=Walleye' },
  { label: 'size=20 (creation size 25)', query: '?size=20' },
  { label: 'state=MN', query: '?state=MN' },
  { label: 'all four filters', query: '?type=Series&species=Bass&size=50&state=WI' },
  { label: 'no filter, page 40 (offset 1950)', query: '?offset=1950' },
];
