// The team reviews ambassador applications: only admins (ADMIN_EMAILS) may; approval gives the
// member the ambassador coupon once, on the live subscription or the next one; the public
// directory lists approved, consenting ambassadors without their e-mail.
import { AMBASSADOR_TRIVIA } from '@tightlines/core/ambassador';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ambassadorApplications, billingDiscounts, subscriptions } from '../src/db/schema';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { addTestCard, newAccount, registerUser } from '@tightlines/testkit/fixtures';
import { startFakeStripe, type FakeStripe } from '@tightlines/testkit/stripe';

type Member = { token: string; _id: string; email: string };

const application = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jordan Walleye',
  email: 'jordan@example.com',
  state: 'Minnesota',
  age: 34,
  occupation: 'Guide',
  sponsors: '',
  waterFished: 'Mille Lacs',
  species: 'Walleye',
  technique: 'Jigging',
  fishPerYear: '120',
  facebook: '',
  youtube: '',
  instagram: '',
  twitter: '',
  otherUrls: '',
  valueAdded: 'Weekly reports.',
  learnedAboutLabs: 'A friend',
  using: 'Since 2019',
  answer: AMBASSADOR_TRIVIA.answer,
  agreement: true,
  ...overrides,
});

async function setUp(env: Record<string, string> = {}) {
  const t = await createTestApp({ ADMIN_EMAILS: 'Boss@Tightlines.test, second@tightlines.test', FORM_RATE_LIMIT: '1000', ...env });
  const admin = await registerUser(t, { ...newAccount('boss'), email: 'boss@tightlines.test' });
  return { t, admin };
}

function helpers(t: TestApp) {
  const apply = async (body: object, member?: Member) => {
    const res = await t.request({ method: 'POST', url: '/api/ambassador-application', payload: body, ...(member && { token: member.token }) });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(ambassadorApplications).orderBy(desc(ambassadorApplications.createdAt)).limit(1);
    return row!.id;
  };
  const review = (id: string, who: Member | null, status: 'approved' | 'declined') =>
    t.request({ method: 'POST', url: `/api/admin/ambassador-applications/${id}/review`, payload: { status }, ...(who && { token: who.token }) });
  const list = (who: Member | null, status?: string) =>
    t.request({ method: 'GET', url: `/api/admin/ambassador-applications${status ? `?status=${status}` : ''}`, ...(who && { token: who.token }) });
  const subscribe = async (member: Member) => {
    const card = await addTestCard(t, member);
    const res = await t.request({ method: 'POST', url: '/api/billing/subscribe/update', token: member.token, payload: { subscription: { plan: 'Monthly', card } } });
    expect(res.statusCode).toBe(200);
    return res.json() as { subscriptionId: string };
  };
  const discounts = (userId: string) => t.database.db.select().from(billingDiscounts).where(eq(billingDiscounts.userId, userId));
  const subscriptionOf = async (userId: string) =>
    (await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
  return { apply, review, list, subscribe, discounts, subscriptionOf };
}

describe('ambassador review with the test processor', () => {
  let t: TestApp;
  let admin: Member;
  let h: ReturnType<typeof helpers>;
  beforeAll(async () => {
    ({ t, admin } = await setUp());
    h = helpers(t);
  });
  afterAll(() => t.close());

  it('only admins list and review; the admin flag follows ADMIN_EMAILS in any case', async () => {
    const member = await registerUser(t);
    const id = await h.apply(application({ name: 'Riley Review' }));
    expect((await h.list(null)).statusCode).toBe(401);
    expect((await h.list(member)).statusCode).toBe(403);
    expect((await h.review(id, null, 'approved')).statusCode).toBe(401);
    const refused = await h.review(id, member, 'approved');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('This page is for the Tightlines team.');
    expect((await t.database.db.query.ambassadorApplications.findFirst({ where: (a, { eq: is }) => is(a.id, id) }))?.status).toBe('pending');

    const me = (who: Member) => t.request({ method: 'GET', url: '/api/admin/me', token: who.token });
    expect((await me(member)).json()).toEqual({ admin: false });
    expect((await me(admin)).json()).toEqual({ admin: true });
    const pending = await h.list(admin);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().map((a: { _id: string }) => a._id)).toContain(id);
    expect((await h.review(id, admin, 'declined')).json()).toMatchObject({ _id: id, status: 'declined', discountPercent: null });
    expect((await h.list(admin, 'declined')).json().map((a: { _id: string }) => a._id)).toContain(id);
  });

  it('approval puts the 50 % coupon on the member’s live subscription once (renewals read couponPercent)', async () => {
    const member = await registerUser(t);
    const { subscriptionId } = await h.subscribe(member);
    const id = await h.apply(application({ email: member.email }), member);

    const [first, second] = await Promise.all([h.review(id, admin, 'approved'), h.review(id, admin, 'approved')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const approved = [first, second].find((r) => r.statusCode === 200)!.json();
    expect(approved).toMatchObject({ status: 'approved', member: { _id: member._id, username: member.username }, discountPercent: 50 });
    expect(await h.discounts(member._id)).toEqual([expect.objectContaining({ reason: 'ambassador', percentOff: 50, appliedTo: subscriptionId })]);
    expect((await h.subscriptionOf(member._id))?.couponPercent).toBe(50);

    // A second grant (a retried approval, another application) changes nothing.
    expect(await t.services.billing.grantDiscount(member._id, 'ambassador', 'AMBASSADOR50')).toEqual({ granted: false, appliedTo: null });
    const again = await h.apply(application({ email: member.email, name: 'Jordan Again' }), member);
    expect((await h.review(again, admin, 'approved')).statusCode).toBe(200);
    expect(await h.discounts(member._id)).toHaveLength(1);
    expect((await h.review(id, admin, 'declined')).statusCode).toBe(409);
  });

  it('an approved applicant without a subscription gets the discount on the one they start, found by e-mail', async () => {
    const member = await registerUser(t);
    const id = await h.apply(application({ email: member.email.toUpperCase() }));
    expect((await h.review(id, admin, 'approved')).json()).toMatchObject({ member: { _id: member._id }, discountPercent: 50 });
    expect((await h.discounts(member._id))[0]?.appliedTo).toBeNull();

    await h.subscribe(member);
    expect((await h.subscriptionOf(member._id))?.couponPercent).toBe(50);
    const overview = (await t.request({ method: 'GET', url: '/api/billing/overview', token: member.token })).json();
    expect(overview.receipts.map((r: { amount: number }) => r.amount)).toEqual([250]);
  });

  it('a declined application gives nothing; a visitor’s approval without an account gives no coupon', async () => {
    const member = await registerUser(t);
    const id = await h.apply(application({ email: member.email }), member);
    expect((await h.review(id, admin, 'declined')).statusCode).toBe(200);
    expect(await h.discounts(member._id)).toEqual([]);

    const visitor = await h.apply(application({ email: 'nobody-here@example.com' }));
    expect((await h.review(visitor, admin, 'approved')).json()).toMatchObject({ status: 'approved', member: null, discountPercent: null });
  });

  it('the directory lists only approved applicants who consented: name, region, photo, never the e-mail', async () => {
    const member = await registerUser(t);
    const listed = await h.apply(application({ name: 'Avery Listed', state: 'Wisconsin', email: 'avery.secret@example.com', listInDirectory: true }), member);
    const privateOne = await h.apply(application({ name: 'Blake Private', email: 'blake.secret@example.com', listInDirectory: false }));
    await h.apply(application({ name: 'Casey Pending', email: 'casey.secret@example.com', listInDirectory: true }));
    const declined = await h.apply(application({ name: 'Drew Declined', email: 'drew.secret@example.com', listInDirectory: true }));
    await h.review(listed, admin, 'approved');
    await h.review(privateOne, admin, 'approved');
    await h.review(declined, admin, 'declined');

    const res = await t.request({ method: 'GET', url: '/api/ambassadors' });
    expect(res.statusCode).toBe(200);
    const names = (res.json() as Array<{ name: string }>).map((a) => a.name);
    expect(names).toContain('Avery Listed');
    expect(names).not.toContain('Blake Private');
    expect(names).not.toContain('Casey Pending');
    expect(names).not.toContain('Drew Declined');
    expect(res.json().find((a: { name: string }) => a.name === 'Avery Listed')).toEqual({ name: 'Avery Listed', region: 'Wisconsin', photo: null });
    expect(res.body).not.toMatch(/@|secret/);
  });
});

describe('ambassador review on Stripe (a loopback Stripe)', () => {
  let stripe: FakeStripe;

  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(() => stripe.close());

  it('applies the promotion code to the Stripe subscription once', async () => {
    const { t, admin } = await setUp(stripe.env);
    try {
      const h = helpers(t);
      const member = await registerUser(t);
      const card = (await t.request({ method: 'POST', url: '/api/billing/add-card', token: member.token, payload: { token: 'tok_visa' } })).json();
      const { subscriptionId } = (
        await t.request({ method: 'POST', url: '/api/billing/subscribe/update', token: member.token, payload: { subscription: { plan: 'Monthly', card: card.id } } })
      ).json();
      const id = await h.apply(application({ email: member.email }), member);
      expect((await h.review(id, admin, 'approved')).json()).toMatchObject({ discountPercent: 50 });
      const updates = stripe.requests.filter((r) => r.method === 'POST' && r.url === `/v1/subscriptions/${subscriptionId}`);
      expect(updates).toHaveLength(1);
      expect(new URLSearchParams(updates[0]!.body).get('discounts[0][promotion_code]')).toBe('promo_AMBASSADOR50');
      expect(stripe.subscriptions.get(subscriptionId)?.discounts).toEqual(['AMBASSADOR50']);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('a coupon Stripe does not know leaves the application pending and grants nothing', async () => {
    const { t, admin } = await setUp({ ...stripe.env, AMBASSADOR_COUPON: 'NOT_SET_UP' });
    try {
      const h = helpers(t);
      const member = await registerUser(t);
      const id = await h.apply(application({ email: member.email }), member);
      const res = await h.review(id, admin, 'approved');
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toContain('NOT_SET_UP');
      expect((await h.list(admin)).json().map((a: { _id: string }) => a._id)).toContain(id);
      expect(await h.discounts(member._id)).toEqual([]);
    } finally {
      await t.close();
    }
  }, 120_000);
});
