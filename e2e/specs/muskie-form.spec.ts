// The muskie tournament's public registration form (/fs-tournament/{eventId}) at phone width: the
// live e-mail and username checks, a validation message in the seed's words, the total with
// add-ons, payment with the test card, the seed's success and home; then the second-entry warning
// for the account the form made. Screenshots at 375 and 1280 px, and axe at both widths.
import { DEFAULT_MUSKIE_SETTINGS, muskieMessages as mm } from '@tightlines/core/events/muskie';
import { startFakePayPal, type FakePayPal } from '@tightlines/testkit/paypal';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { newAngler, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let paypal: FakePayPal;

beforeAll(async () => {
  paypal = await startFakePayPal();
  server = await startServer({ PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_SECRET: paypal.secret, PAYPAL_SANDBOX_URL: paypal.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await paypal?.close();
});

async function api(path: string, body: unknown, token?: string) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function signUp(prefix: string) {
  const angler = newAngler(prefix);
  const user = await api('/api/user/register', { ...angler, passwordConfirm: angler.password });
  return { ...angler, token: user.token as string };
}

/** The chapter's tournament with its form: entries paid by card through the test processor, or through PayPal. */
async function muskieTournament(owner: string, processor: 'Stripe' | 'PayPal' = 'Stripe'): Promise<string> {
  const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
  const event = await api(
    '/api/fc/event',
    {
      name: 'Northwoods Muskie Hunt',
      type: 'Tournament',
      format: 'Biggest Fish',
      size: '12',
      cost: 0,
      state: 'WI',
      species: ['Musky'],
      keyType: 'None',
      dateStart: inDays(30),
      dateEnd: inDays(32),
      tz: 'America/Chicago',
      lakes: [{ name: 'Chippewa Flowage', location: { lat: 45.95, lng: -91.2 } }],
      paymentProcessor: processor,
      paymentProcessorKey: processor === 'Stripe' ? 'pk_test_chapter' : 'chapter@example.com',
    },
    owner,
  );
  const id = event._id as string;
  await api(`/api/fc/event/form-settings/${id}`, { paypalMode: 'sandbox', muskie: DEFAULT_MUSKIE_SETTINGS }, owner);
  return id;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('heading', { name: 'Northwoods Muskie Hunt' }).waitFor();
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

describe('the muskie tournament form', () => {
  it('at 375 px: live checks, a validation message, the total, the test card, success, then the second-entry warning', async () => {
    const owner = await signUp('chapter');
    const eventId = await muskieTournament(owner.token);
    const existing = await signUp('taken');
    const angler = newAngler('muskie');
    const page = await newPage(browser, server.baseUrl, { width: 375, height: 812 });

    // The address without an event id opens the latest tournament with a form.
    await open(page, '/fs-tournament');
    await open(page, `/fs-tournament/${eventId}`);
    await expectNoSeriousViolations(page);
    await screenshot(page, 'muskie-form-375');

    await page.getByLabel('Email').fill(existing.email);
    await page.getByText(mm.emailTaken).waitFor();
    await page.getByLabel('Username').fill(existing.username);
    await page.getByText(mm.usernameTaken).waitFor();
    await page.getByRole('button', { name: /Register and pay/ }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: mm.emailTaken }).count()).toBe(1);

    await page.getByLabel('Email').fill(angler.email);
    await page.getByLabel('Username').fill(angler.username);
    await expect.poll(() => page.getByText(mm.emailTaken).count()).toBe(0);
    await expect.poll(() => page.getByText(mm.usernameTaken).count()).toBe(0);
    await page.getByRole('button', { name: /Register and pay/ }).click();
    await page.getByRole('alert').filter({ hasText: mm.type }).waitFor();

    await page.getByLabel('Entry type').selectOption('100');
    await page.locator('input[type="password"]').fill(angler.password);
    await page.getByLabel('Your name').fill('Pat Muskie');
    await page.getByLabel('Phone number').fill('715-555-0142');
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByLabel('Street').fill('12 Lake Rd');
    await page.getByLabel('City').fill('Hayward');
    await page.getByLabel('State').fill('WI');
    await page.getByLabel('ZIP').fill('54843');
    await page.getByRole('combobox', { name: /^Fishing zone/ }).selectOption('10');
    await page.getByText('Lakes in zone 10: Turtle-Flambeau Flowage').waitFor();
    await page.getByRole('radio', { name: /Springstead landing \(20 of 20 spots left\)/ }).check();
    // 2-day entries pick up on Friday, from the alternate list.
    await page.getByRole('radio', { name: /Mercer visitor center – Friday/ }).check();
    await page.getByRole('checkbox', { name: 'Tournament hat ($20.00)' }).check();
    await page.getByRole('checkbox', { name: 'Tournament shirt, M to XL ($20.00)' }).check();
    await page.getByRole('radio', { name: 'Owns the boat' }).check();
    await page.getByRole('radio', { name: 'My boat will arrive clean, drained and dry' }).check();
    await page.getByRole('checkbox', { name: 'I agree to the Tournament Release of Liability' }).check();
    await page.getByRole('checkbox', { name: 'I agree to the Tournament Rules' }).check();

    // The shirt's size is still blank: the seed's message, then the size.
    await page.getByRole('button', { name: /Register and pay/ }).click();
    await page.getByRole('alert').filter({ hasText: mm.shirtSizeBlank }).waitFor();
    await page.getByLabel('Shirt 1 size').selectOption('Large');
    expect(await page.getByTestId('muskie-total').textContent()).toBe('$140.00');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/35');
    await page.getByLabel('CVC').fill('123');
    await screenshot(page, 'muskie-form-filled-375');
    await page.getByRole('button', { name: 'Register and pay $140.00' }).click();
    await page.getByText(mm.success).waitFor({ timeout: 30_000 });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('button', { name: 'OK' }).click();

    // The form made the account and signed it in: a second entry on it gets the seed's warning.
    await open(page, `/fs-tournament/${eventId}`);
    await page.getByText(mm.secondEntry).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(angler.email);
    expect(await page.getByLabel('Username').count()).toBe(0);
    await expectNoSeriousViolations(page);
    await screenshot(page, 'muskie-form-second-entry-375');
    await page.context().close();

    const wide = await newPage(browser, server.baseUrl, { width: 1280, height: 900 });
    await open(wide, `/fs-tournament/${eventId}`);
    await wide.getByLabel('Entry type').selectOption('180');
    await wide.getByRole('button', { name: 'Add a family member' }).click();
    await wide.getByRole('combobox', { name: /^Fishing zone/ }).selectOption('9');
    await expectNoSeriousViolations(wide);
    await screenshot(wide, 'muskie-form-1280');
    await wide.context().close();
  }, 300_000);

  it('at 375 px with PayPal: approve in PayPal’s window, then finish; not before', async () => {
    const owner = await signUp('ppchapter');
    const eventId = await muskieTournament(owner.token, 'PayPal');
    const angler = newAngler('ppmuskie');
    const page = await newPage(browser, server.baseUrl, { width: 375, height: 812 });
    await page.context().route(/paypal\.com/, (route) => route.fulfill({ contentType: 'text/html', body: '<title>PayPal</title><p>Approve</p>' }));
    await open(page, `/fs-tournament/${eventId}`);
    await page.getByLabel('Entry type').selectOption('110');
    await page.getByLabel('Email').fill(angler.email);
    await page.getByLabel('Username').fill(angler.username);
    await page.locator('input[type="password"]').fill(angler.password);
    await page.getByLabel('Your name').fill('Robin Pike');
    await page.getByLabel('Phone number').fill('715-555-0199');
    await page.getByRole('radio', { name: 'Other', exact: true }).check();
    await page.getByLabel('Street').fill('3 Bay St');
    await page.getByLabel('City').fill('Boulder Junction');
    await page.getByLabel('State').fill('WI');
    await page.getByLabel('ZIP').fill('54512');
    await page.getByRole('combobox', { name: /^Fishing zone/ }).selectOption('4');
    await page.getByRole('radio', { name: /Boulder Junction community center – Thursday/ }).check();
    await page.getByRole('radio', { name: 'No boat (shore or guide)' }).check();
    await page.getByRole('checkbox', { name: 'Tournament Release of Liability' }).check();
    await page.getByRole('checkbox', { name: 'Tournament Rules' }).check();
    await page.getByRole('checkbox', { name: 'Bumpboard ($80.00)' }).check();

    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Pay $190.00 with PayPal' }).click();
    const approval = await popup;
    await page.getByText('Approve the payment in the PayPal window').first().waitFor();
    await expect.poll(() => approval.url(), { timeout: 20_000 }).toContain('token=');
    const orderId = new URL(approval.url()).searchParams.get('token')!;
    await page.getByRole('button', { name: 'Finish registration' }).click();
    await page.getByRole('alert').filter({ hasText: 'has not been approved yet' }).waitFor();
    await screenshot(page, 'muskie-form-paypal-375');

    paypal.approve(orderId);
    await page.getByRole('button', { name: 'Finish registration' }).click();
    await page.getByText(mm.success).waitFor({ timeout: 30_000 });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(paypal.orders.get(orderId)?.status).toBe('COMPLETED');
    expect(paypal.orders.get(orderId)?.purchase_units[0]?.amount.value).toBe('190.00');
    await page.context().close();
  }, 180_000);

  it('in the owner’s admin mode: no branding, no payment, an ID, posted to register/manual', async () => {
    const owner = await signUp('admin');
    const eventId = await muskieTournament(owner.token);
    const page = await newPage(browser, server.baseUrl, { width: 375, height: 812 });
    await page.addInitScript((t) => localStorage.setItem('tightlines.token', t), owner.token);
    await page.goto(`/fs-tournament/${eventId}?admin=1`);
    await page.getByRole('heading', { name: 'Add a tournament entry' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Northwoods Muskie Hunt' }).count()).toBe(0);
    expect(await page.getByLabel('Card number').count()).toBe(0);

    await page.getByLabel('Tournament ID (optional)').fill('501');
    await page.getByLabel('Entry type').selectOption('110');
    await page.getByLabel('Email').fill('walk-in@example.com');
    await page.getByLabel('Your name').fill('Walk In');
    await page.getByLabel('Phone number').fill('715-555-0100');
    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await page.getByLabel('Street').fill('1 Main St');
    await page.getByLabel('City').fill('Mercer');
    await page.getByLabel('State').fill('WI');
    await page.getByLabel('ZIP').fill('54547');
    await page.getByRole('combobox', { name: /^Fishing zone/ }).selectOption('2');
    await page.getByRole('radio', { name: /Hayward chapter hall – Thursday/ }).check();
    await page.getByRole('radio', { name: 'No boat (shore or guide)' }).check();
    await page.getByRole('checkbox', { name: 'I agree to the Tournament Release of Liability' }).check();
    await page.getByRole('checkbox', { name: 'I agree to the Tournament Rules' }).check();
    await page.getByRole('button', { name: 'Add entry' }).click();
    await page.getByText(mm.success).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Entry added with tournament ID 501.').waitFor();
    await screenshot(page, 'muskie-form-admin-375');
    await page.context().close();
  }, 180_000);
});
