// Named fixtures for the server's integration tests: each arranges one thing a user story needs
// ("a premium angler", "a friend in the Inner Circle", "a minute later the background job runs")
// through the app's public services or its HTTP API, so tests say what they mean and a change
// in how the server stores something is made here once. Where no service writes the state yet
// (subscriptions before billing, circle members before the Inner Circle), the fixture writes the
// row through the schema, in this file only.
import { asc, count, eq, sql } from 'drizzle-orm';
import { onTestFinished } from 'vitest';
import type { PLAN_NAMES } from '@tightlines/core/accounts';
import { eventEntries, eventFish } from '@tightlines/server/src/db/events-schema';
import { circleMembers, mailOutbox, sessions, subscriptions, users } from '@tightlines/server/src/db/schema';
import type { TestApp } from './app';
import { insertSampleLogs, sampleLogs, type SampleLog } from './seed';

type Plan = (typeof PLAN_NAMES)[number];
/** Someone the test registered: their id, token and the account they signed up with. */
export type Member = Awaited<ReturnType<typeof registerUser>>;
type Someone = { _id: string };

let counter = 0;
/** Sign-up details no other test in this run uses. */
export function newAccount(prefix = 'angler') {
  counter += 1;
  const id = `${prefix}${process.pid}x${counter}`;
  return { username: id, email: `${id}@example.com`, password: 'correct horse 42', passwordConfirm: 'correct horse 42' };
}

/** Signs up through POST /api/user/register, as the sign-up form does. */
export async function registerUser(t: TestApp, account = newAccount()) {
  const res = await t.request({ method: 'POST', url: '/api/user/register', payload: account });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const user = res.json() as { _id: string; token: string; username: string; email: string };
  return { ...account, ...user };
}

/** A paid plan, active now: premium by the one rule. */
export async function givePremium(t: TestApp, user: Someone, plan: Plan = 'Monthly'): Promise<void> {
  await giveSubscription(t, user, { plan, status: 'active' });
}

/** A subscription in any state the payment provider reports, for tests of the premium rule itself. */
export async function giveSubscription(
  t: TestApp,
  user: Someone,
  subscription: { plan: string; status: string; providerId?: string; currentPeriodEnd?: Date },
): Promise<void> {
  await t.database.db.insert(subscriptions).values({ userId: user._id, ...subscription });
}

/** Lets `member` into `owner`'s Inner Circle, so the member may read the owner's protected logs. */
export async function joinCircle(t: TestApp, owner: Someone, member: Someone): Promise<void> {
  await t.database.db.insert(circleMembers).values({ ownerId: owner._id, memberId: member._id });
}

/**
 * One pass of the background job that fills in outside data a log could not get when it was
 * saved, run now instead of on its timer. Resolves with how many logs it retried.
 */
export function runEnrichmentNow(t: TestApp): Promise<number> {
  return t.services.enrichment.enrichPending();
}

/** Moves the app's clock `ms` forward (expiry, retry times, "today") until the current test ends. */
export function moveClock(t: TestApp, ms: number): void {
  t.clock.advance(ms);
  onTestFinished(() => t.clock.advance(-ms));
}

/** How many logs the angler has, as their own log list counts them. */
export async function logCount(t: TestApp, user: { token: string }): Promise<number> {
  const res = await t.request({ method: 'GET', url: '/api/user/logs?limit=1', token: user.token });
  if (res.statusCode !== 200) throw new Error(`log list failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { total: number }).total;
}

/** How many accounts exist, to show that a refused sign-up stored nothing. */
export async function accountCount(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

/** What the database keeps of an angler's password and sessions (it should be hashes only). */
export async function storedSecrets(t: TestApp, user: Someone): Promise<{ passwordHash: string; tokenHashes: string[] }> {
  const [account] = await t.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user._id));
  if (!account) throw new Error(`no account ${user._id}`);
  const tokens = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user._id));
  return { passwordHash: account.passwordHash, tokenHashes: tokens.map((s) => s.tokenHash) };
}

/** Mail the app kept in its outbox (no SMTP_URL configured), oldest first. */
export async function outboxMail(t: TestApp): Promise<Array<{ to: string; subject: string; text: string }>> {
  return t.database.db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .orderBy(asc(mailOutbox.createdAt));
}

/**
 * A season of the demo generator's sample logs (every column filled), saved straight into the
 * angler's account the way the demo seed saves them. Resolves with the logs as generated.
 */
export async function giveSampleLogs(
  t: TestApp,
  user: Someone,
  options: { count: number; seed: number; season?: number },
): Promise<SampleLog[]> {
  const logs = sampleLogs({ userId: user._id, count: options.count, seed: options.seed, season: options.season ?? 2025 });
  await insertSampleLogs(t.database, user._id, logs);
  return logs;
}

/**
 * A card token from the test processor, as its card form makes one (`POST /api/billing/test/token`).
 * `number` defaults to Stripe's test card that succeeds.
 */
export async function testCardToken(t: TestApp, number = '4242424242424242'): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/billing/test/token',
    payload: { number, exp_month: 12, exp_year: t.clock.now().getUTCFullYear() + 3, cvc: '123' },
  });
  if (res.statusCode !== 200) throw new Error(`test token failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** Saves a test card on the member's account through the API; resolves with the card's id. */
export async function addTestCard(t: TestApp, user: { token: string }, number?: string): Promise<string> {
  const token = await testCardToken(t, number);
  const res = await t.request({ method: 'POST', url: '/api/billing/add-card', token: user.token, payload: { token } });
  if (res.statusCode !== 200) throw new Error(`add-card failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/** One pass of the renewal job, run now instead of on its timer; resolves with how many were due. */
export function runRenewalsNow(t: TestApp): Promise<number> {
  return t.services.billing.renewDue();
}

/** An 8×8 JPEG: the smallest photo the upload route decodes and keeps. */
const TINY_JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJ4AsZ//2Q==',
  'base64',
);

/**
 * Sends one file as `user` to an upload route (the log photo upload unless `url` says otherwise),
 * as the app's file picker does, and answers the raw response. `body` defaults to a tiny JPEG.
 */
export function sendUpload(t: TestApp, user: { token: string }, body: Buffer = TINY_JPEG, url = '/api/user/upload-image') {
  const payload = Buffer.concat([
    Buffer.from('--xx\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'),
    body,
    Buffer.from('\r\n--xx--\r\n'),
  ]);
  return t.request({ method: 'POST', url, token: user.token, payload, headers: { 'content-type': 'multipart/form-data; boundary=xx' } });
}

/** Uploads a photo as `user` (a log may only carry its own angler's uploads) and answers its URL. */
export async function uploadPhoto(t: TestApp, user: { token: string }): Promise<string> {
  const res = await sendUpload(t, user);
  if (res.statusCode !== 200) throw new Error(`upload-image answered ${res.statusCode}: ${res.body}`);
  return res.json().image as string;
}

/**
 * A caught fish on an event entry, as fish entry would store it (written through the schema here
 * until fish entry lands: then this goes through its service). Answers the fish's id.
 */
export async function giveEventFish(
  t: TestApp,
  event: { eventId: string; entryId: string },
  fish: { size: number; points: number; species?: string; lakeName?: string; date?: Date; flag?: boolean },
): Promise<string> {
  const [row] = await t.database.db
    .insert(eventFish)
    .values({ eventId: event.eventId, entryId: event.entryId, date: fish.date ?? t.clock.now(), species: fish.species ?? 'Walleye', lakeName: fish.lakeName ?? 'Gull Lake', ...fish })
    .returning({ id: eventFish.id });
  // Fish entry adds a counted fish's points to its entry's total.
  if (!fish.flag) await t.database.db.update(eventEntries).set({ points: sql`${eventEntries.points} + ${fish.points}` }).where(eq(eventEntries.id, event.entryId));
  return row!.id;
}
