// An organiser links Stripe from the event wizard (seed 002's GET api/billing/connect-stripe): in
// test mode onboarding is our own page, and the wizard picks the linked account up on return.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser';
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

async function signedIn(width: number) {
  const angler = newAngler('payee');
  const res = await fetch(`${server.baseUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...angler, passwordConfirm: angler.password }),
  });
  const { token } = (await res.json()) as { token: string };
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width, height: 900 } });
  await context.route(/tile\.openstreetmap\.org|tiles\.openseamap\.org/, (route) => route.abort());
  await context.addInitScript((t) => localStorage.setItem('tightlines.token', t), token);
  return context;
}

describe('Stripe Connect from the event wizard', () => {
  it.each([1280, 375])('links a payout account and fills the Stripe field at %i px', async (width) => {
    const context = await signedIn(width);
    const page = await context.newPage();
    await page.goto('/create-event');
    await page.getByRole('textbox', { name: 'Entry cost ($)' }).fill('10');
    const connect = page.getByRole('link', { name: 'Connect with Stripe' });
    await connect.waitFor();
    await screenshot(page, `connect-stripe-wizard-${width}`);

    // Onboarding opens in its own tab, so the half-filled wizard stays as it is.
    const [stripeTab] = await Promise.all([context.waitForEvent('page'), connect.click()]);
    await stripeTab.waitForURL(/\/connect-stripe\/test-onboarding\?account=acct_test_/);
    await stripeTab.getByRole('button', { name: 'Complete onboarding' }).waitFor();
    await screenshot(stripeTab, `connect-stripe-test-onboarding-${width}`);
    await stripeTab.getByRole('button', { name: 'Complete onboarding' }).click();
    await stripeTab.waitForURL(/\/connect-stripe\?done=1$/);
    await stripeTab.getByText('Your Stripe account is linked').waitFor();
    await screenshot(stripeTab, `connect-stripe-done-${width}`);
    const account = new URL(stripeTab.url()).searchParams.get('account');
    expect(account).toBeNull();
    await stripeTab.close();

    await page.bringToFront();
    await page.getByRole('button', { name: 'I have finished linking' }).click();
    await page.getByRole('button', { name: 'Take entry fees into it' }).click();
    const field = page.getByRole('textbox', { name: 'Stripe publishable key or linked account' });
    await expect.poll(() => field.inputValue()).toMatch(/^acct_test_[0-9a-f]{16}$/);
    await expect.poll(() => page.getByTestId('stripe-connect').textContent()).toContain('is linked');
    await screenshot(page, `connect-stripe-linked-${width}`);
    await context.close();
  });
});
