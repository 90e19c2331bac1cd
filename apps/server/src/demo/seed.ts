import { DEMO_ACCOUNT } from '@tightlines/core/demo';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { DbContext } from '../db/context';
import { isUniqueViolation } from '../lib/db-errors';
import { hashPassword } from '../lib/secrets';
import { AccountsRepo } from '../modules/accounts/repo';
import { toBulkRow } from '../modules/logs/bulk';
import { LogsRepo } from '../modules/logs/repo';
import { OutingsRepo } from '../modules/outings/repo';
import { TagsRepo } from '../modules/tags/repo';
import { seedDemoEvents } from './events';
import { demoSeason, generateLogs } from './generator';

/** The demo angler's season: this many sample logs, always the same ones for the same season. */
export const DEMO_LOG_COUNT = 120;
export const DEMO_SEED = 20_260_501;

/**
 * A newcomer should meet a living app: the demo angler exists from the first start, with a season
 * of sample logs (see generator.ts) and an outing. The logs are added whenever the demo angler has
 * none, so a second start changes nothing. This runs before any request, as the server itself, so
 * it writes through the repositories (in one transaction) rather than the member use cases.
 */
export async function seedDemoData(db: Db, log: FastifyBaseLogger, options: { now?: Date } = {}): Promise<void> {
  const ctx = new DbContext(db);
  const accounts = new AccountsRepo(ctx);
  // Found by its flag, not its address: whatever happened to the row, a start never fails on it.
  let demo = await accounts.findDemo();
  if (!demo) {
    if ((await accounts.findByEmail(DEMO_ACCOUNT.email)) || (await accounts.findByUsername(DEMO_ACCOUNT.username))) {
      log.warn('demo account not created: a member already uses its e-mail or username');
      return;
    }
    try {
      demo = await accounts.create({
        email: DEMO_ACCOUNT.email,
        username: DEMO_ACCOUNT.username,
        passwordHash: await hashPassword(DEMO_ACCOUNT.password),
        isDemo: true,
      });
    } catch (error) {
      // Another process seeding the same database won the race; its row is the demo account.
      if (!isUniqueViolation(error)) throw error;
      demo = await accounts.findDemo();
      if (!demo) return;
    }
    log.info(`demo account created: ${DEMO_ACCOUNT.email} (password in README.md)`);
  }
  const userId = demo.id;
  const now = options.now ?? new Date();
  const events = await seedDemoEvents(ctx, userId, demo.username, now);
  if (events > 0) log.info(`demo events created: ${events} sample events for ${DEMO_ACCOUNT.username}`);
  const logsRepo = new LogsRepo(ctx);
  if (await logsRepo.hasLogs(userId)) return;
  const logs = generateLogs({ userId, count: DEMO_LOG_COUNT, seed: DEMO_SEED, season: demoSeason(now), now });
  const inserted = await ctx.transaction(async () => {
    const n = await logsRepo.insertBulk(userId, logs.map(toBulkRow), { onlyIfNoLogs: true });
    if (n === 0) return 0;
    await new TagsRepo(ctx).addMany(userId, logs.flatMap((l) => l.tags ?? []));
    await addDemoOuting(logsRepo, new OutingsRepo(ctx), userId);
    return n;
  });
  if (inserted > 0) log.info(`demo logs created: ${inserted} sample logs and an outing for ${DEMO_ACCOUNT.username}`);
}

/**
 * One outing around the season's first morning with two or more logs on the same lake: an
 * Outing log like the first of them, the span from an hour before it to an hour after the last.
 */
async function addDemoOuting(logs: LogsRepo, outings: OutingsRepo, userId: string): Promise<void> {
  const busiest = await logs.busiestMorning(userId);
  if (!busiest) return;
  const { first, span } = busiest;
  const outingLog = await logs.insert({
    userId,
    type: 'Outing',
    occurredAt: span.start,
    createdAt: span.start,
    timeZone: first.timeZone,
    privacy: 'private',
    lat: first.lat,
    lng: first.lng,
    lakeName: first.lakeName,
    state: first.state,
    weather: first.weather,
    lunar: first.lunar,
    moonPhase: first.moonPhase,
  });
  await outings.insert({ logId: outingLog.id, userId, startedAt: span.start, endedAt: span.end });
  await logs.joinOuting(userId, outingLog.id, span);
}
