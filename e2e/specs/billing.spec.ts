import { messages } from '@tightlines/core/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { startServer, type RunningServer, newAngler } from '../support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ TEST_COUPONS: 'FREE100:100,HALF:50' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const angler = () => newAngler('bill');

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('tightlines.token')!);
async function hasSubscription(page: Page) {
  const res = await fetch(`${server.baseUrl}/api/user/has-subscription`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  return (await res.json()) as { status: string; premium: boolean };
}

async function fillAccount(page: Page, a: ReturnType<typeof angler>) {
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(a.username);
  await form.getByLabel('Email').fill(a.email);
  await form.getByLabel('Password', { exact: true }).fill(a.password);
  await form.getByLabel('Confirm password').fill(a.password);
  await form.getByLabel('I am at least 13 years of age').check();
  return form;
}

describe('billing in the browser (test mode)', () => {
  it('registers with the Monthly plan and the test card, and lands on the dashboard as premium', async () => {
    const page = await newPage(browser, server.baseUrl);
    const a = angler();
    await page.goto('/login-register?action=signup');
    const form = await fillAccount(page, a);
    await form.getByLabel(/^Monthly/).check();
    await form.getByText('Test mode').waitFor();
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await form.getByLabel('Promotion code').fill('NOPE');
    await form.getByLabel('Card number').focus();
    await form.getByText(messages.promoInvalid).waitFor();
    expect(await form.getByLabel('Promotion code').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Promotion code').fill('HALF');
    await form.getByLabel('Card number').focus();
    await form.getByText('Today: $2.50 (50% off)', { exact: false }).waitFor();
    await screenshot(page, 'billing-register-1280');
    await form.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/dashboard');
    expect(await hasSubscription(page)).toMatchObject({ status: 'active', premium: true });
    await page.close();
  });

  it('a declined card at registration says so and creates no account', async () => {
    const page = await newPage(browser, server.baseUrl);
    const a = angler();
    await page.goto('/register/FREE100');
    const form = await fillAccount(page, a);
    expect(await form.getByLabel('Promotion code').inputValue()).toBe('FREE100');
    await form.getByLabel('Card number').fill('4000 0000 0000 0002');
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('button', { name: 'Register' }).click();
    await form.getByText(messages.cardError).waitFor();
    const exists = await fetch(`${server.baseUrl}/api/user/exists`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: a.email }) });
    expect(await exists.json()).toEqual({ exists: false });
    await page.close();
  });

  it('on /subscription adds a card, subscribes, and deletes the subscription keeping premium to the period end', async () => {
    const page = await newPage(browser, server.baseUrl);
    const a = angler();
    await page.goto('/login-register?action=signup');
    const form = await fillAccount(page, a);
    await form.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/subscription');
    await page.getByRole('heading', { name: 'Subscription', level: 1 }).waitFor();
    await page.getByText('$4.99/month').first().waitFor();

    await page.getByRole('button', { name: 'Save Subscription' }).click();
    await page.getByRole('alert').getByText(messages.cardRequired).waitFor();

    await page.getByRole('button', { name: 'Add card' }).click();
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByRole('alert').getByText(messages.cardInvalid).waitFor();
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry (MM/YY)').fill('11/33');
    await page.getByLabel('CVC').fill('321');
    await page.getByLabel('Street').fill('1 Lake Road');
    await page.getByLabel('City').fill('Brainerd');
    await page.getByLabel('State').fill('MN');
    await page.getByLabel('Zip').fill('56401');
    await screenshot(page, 'billing-subscription-add-card-1280');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByText('Visa ending in 4242, expires 11/2033').waitFor();

    await page.getByLabel(/^Yearly/).check();
    await page.getByText('Total: $30/year').waitFor();
    await page.getByRole('button', { name: 'Save Subscription' }).click();
    await page.getByText('Your subscription was successfully created.').waitFor();
    expect(await hasSubscription(page)).toMatchObject({ status: 'active', premium: true });
    await screenshot(page, 'billing-subscription-1280');

    await page.getByRole('button', { name: 'Change subscription' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Change subscription' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText(/Your subscription was successfully deleted\. You keep premium until \w+ \d+, \d{4}\./).waitFor();
    expect(await hasSubscription(page)).toMatchObject({ premium: true });

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/subscription');
    await page.getByText(/ends \w+ \d+, \d{4}/).waitFor();
    await screenshot(page, 'billing-subscription-375');
    await page.goto('/account?tab=2');
    await page.getByRole('heading', { name: 'Receipts' }).waitFor();
    await page.getByText('Tightlines Yearly subscription').waitFor();
    await screenshot(page, 'billing-account-tab-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'billing-account-tab-1280');
    await page.close();
  });

  it('shows the registration plans at phone width', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 375, height: 800 });
    await page.goto('/login-register?action=signup&coupon=HALF');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Card number').waitFor();
    expect(await form.getByLabel('Promotion code').inputValue()).toBe('HALF');
    await screenshot(page, 'billing-register-375');
    await page.close();
  });
});
