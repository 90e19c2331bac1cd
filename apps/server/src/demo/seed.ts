import { DEMO_ACCOUNT } from '@tightlines/core/demo';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AccountsRepo } from '../modules/accounts/repo';
import { toBulkRow, TransferRepo } from '../modules/logs/transfer-repo';
import { hashPassword } from '../lib/secrets';
import { demoSeason, generateLogs } from './generator';

/** The demo angler's season: this many sample logs, always the same ones for the same season. */
export const DEMO_LOG_COUNT = 120;
export const DEMO_SEED = 20_260_501;

/**
 * A newcomer should meet a living app: the demo angler exists from the first start, with a season
 * of sample logs (see generator.ts). The logs are added whenever the demo angler has none, so a
 * second start changes nothing.
 */
export async function seedDemoData(db: Db, log: FastifyBaseLogger, options: { now?: Date } = {}): Promise<void> {
  const accounts = new AccountsRepo(db);
  let demo = await accounts.findByEmail(DEMO_ACCOUNT.email);
  if (!demo) {
    demo = await accounts.create({
      email: DEMO_ACCOUNT.email,
      username: DEMO_ACCOUNT.username,
      passwordHash: await hashPassword(DEMO_ACCOUNT.password),
      isDemo: true,
    });
    log.info(`demo account created: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
  }
  const transfer = new TransferRepo(db);
  if ((await transfer.countOf(demo.id)) > 0) return;
  const now = options.now ?? new Date();
  const logs = generateLogs({ userId: demo.id, count: DEMO_LOG_COUNT, seed: DEMO_SEED, season: demoSeason(now), now });
  const tags = [...new Set(logs.flatMap((l) => l.tags ?? []))];
  const inserted = await transfer.insertLogs(demo.id, logs.map(toBulkRow), tags, { onlyIfNoLogs: true });
  if (inserted > 0) {
    await addDemoOuting(db, demo.id);
    log.info(`demo logs created: ${inserted} sample logs and an outing for ${DEMO_ACCOUNT.username}`);
  }
}

/**
 * One outing around the season's first morning with two or more logs on the same lake: an
 * Outing log like the first of them, the span from an hour before it to an hour after the last.
 */
async function addDemoOuting(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    with day as (
      select lake_name, (occurred_at at time zone time_zone)::date as local_day,
             min(occurred_at) - interval '1 hour' as started_at, max(occurred_at) + interval '1 hour' as ended_at
      from logs where user_id = ${userId} and type <> 'Draft' and lake_name is not null
      group by lake_name, local_day having count(*) >= 2 order by local_day limit 1
    ), first_log as (
      select l.* from logs l join day d on l.lake_name = d.lake_name and l.occurred_at = d.started_at + interval '1 hour'
      where l.user_id = ${userId} limit 1
    ), outing_log as (
      insert into logs (user_id, type, occurred_at, time_zone, privacy, lat, lng, lake_name, state, weather, lunar, moon_phase, created_at)
      select user_id, 'Outing', (select started_at from day), time_zone, 'private', lat, lng, lake_name, state, weather, lunar, moon_phase, (select started_at from day)
      from first_log returning id, user_id
    ), outing as (
      insert into outings (log_id, user_id, started_at, ended_at)
      select o.id, o.user_id, d.started_at, d.ended_at from outing_log o cross join day d returning log_id, started_at, ended_at
    )
    update logs set outing_id = outing.log_id from outing
    where logs.user_id = ${userId} and logs.type <> 'Outing' and logs.occurred_at between outing.started_at and outing.ended_at`);
}
