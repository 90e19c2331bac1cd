import { DEMO_ACCOUNT } from '@tightlines/core/demo';
import type { FastifyBaseLogger } from 'fastify';
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
  if (inserted > 0) log.info(`demo logs created: ${inserted} sample logs for ${DEMO_ACCOUNT.username}`);
}
