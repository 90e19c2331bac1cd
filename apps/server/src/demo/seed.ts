import { DEMO_ACCOUNT } from '@tightlines/core/demo';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { AccountsRepo } from '../modules/accounts/repo';
import { hashPassword } from '../lib/secrets';


/** A newcomer should meet a living app: the demo angler exists from the first start. */
export async function seedDemoData(db: Db, log: FastifyBaseLogger): Promise<void> {
  const repo = new AccountsRepo(db);
  if (await repo.findByEmail(DEMO_ACCOUNT.email)) return;
  await repo.create({
    email: DEMO_ACCOUNT.email,
    username: DEMO_ACCOUNT.username,
    passwordHash: await hashPassword(DEMO_ACCOUNT.password),
    isDemo: true,
  });
  log.info(`demo account created: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
}
