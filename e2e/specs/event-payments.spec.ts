import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { newAngler, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
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

async function signUp(prefix: string): Promise<string> {
  const angler = newAngler(prefix);
  return (await api('/api/user/register', { ...angler, passwordConfirm: angler.password })).token as string;
}

/** A paid tournament ($25 entry), its creation fee paid with the test card. */
async function paidEvent(owner: string): Promise<string> {
  const { token: card } = await api('/api/billing/test/token', { number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' });
  const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
  const event = await api(
    '/api/fc/event',
    {
      name: 'Chippewa Fall Classic',
      type: 'Tournament',
      format: 'Biggest Fish',
      size: '12',
      cost: 25,
      state: 'WI',
      species: ['Musky'],
      keyType: 'None',
      dateStart: inDays(20),
      dateEnd: inDays(22),
      tz: 'America/Chicago',
      lakes: [{ name: 'Chippewa Flowage', location: { lat: 45.95, lng: -91.2 } }],
      paymentProcessor: 'Stripe',
      paymentProcessorKey: 'pk_test_chapter',
      card,
    },
    owner,
  );
  return event._id as string;
}

describe('event payments', () => {
  it('the mobile checkout at 375 px pays with the test card, says the window can be closed and tells the app', async () => {
    const eventId = await paidEvent(await signUp('organiser'));
    const angler = await signUp('mobile');
    const page = await newPage(browser, server.baseUrl, { width: 375, height: 812 });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      (window as unknown as { ReactNativeWebView: unknown }).ReactNativeWebView = { postMessage: (m: string) => seen.push(m) };
    });
    await page.goto(`/mobile-checkout/${eventId}?t=${angler}`);
    await expect.poll(() => page.getByTestId('checkout-cost').textContent()).toBe('$25.00');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/35');
    await page.getByLabel('CVC').fill('123');
    await screenshot(page, 'mobile-checkout-375');
    await page.getByRole('button', { name: 'Pay $25.00' }).click();
    await page.getByText('You can close this window to return to the app.').waitFor();
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['PaymentComplete']);
    expect(await page.getByRole('link', { name: 'View the event' }).getAttribute('href')).toBe(`/event/${eventId}`);
    await screenshot(page, 'mobile-checkout-paid-375');
  });

  it('the event payment page says the payment was successful, at desktop width', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 1280, height: 800 });
    await page.goto('/event-payment/abc?amount=25&event=Chippewa%20Fall%20Classic&user=Pat%20Pike&username=patpike&email=pat%40example.com&sid=ch_test_1');
    await page.getByText('Your Payment was successful.').waitFor();
    expect(await page.getByText('$25.00').count()).toBe(1);
    await screenshot(page, 'event-payment-desktop');
  });
});
