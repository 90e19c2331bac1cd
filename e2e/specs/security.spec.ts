import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

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

describe('changing the e-mail address', () => {
  it('asks for the password, and changes the address only when the mailed link is confirmed', async () => {
    const id = `sec${Date.now().toString(36)}`;
    const a = { username: id, email: `${id}@example.com`, password: 'tight lines 2026', passwordConfirm: 'tight lines 2026' };
    const signUp = await fetch(`${server.baseUrl}/api/user/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(a) });
    expect(signUp.status).toBe(200);
    const page = await newPage(browser, server.baseUrl);
    await page.goto('/login-register?action=login');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(a.email);
    await form.getByLabel('Password', { exact: true }).fill(a.password);
    await form.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/account');
    const emailForm = page.getByRole('form', { name: 'Email address' });
    const next = `new-${a.email}`;
    await emailForm.getByLabel('Email').fill(next);
    await emailForm.getByLabel('Current password').fill(a.password);
    await emailForm.getByRole('button', { name: 'Update Email Address' }).click();
    await page.getByText(`Waiting for you to open the link we sent to ${next}.`).waitFor();

    const old = await server.mail.waitFor(a.email);
    expect(old.text).toContain(next);
    const mail = await server.mail.waitFor(next);
    const link = /(https?:\/\/\S+\/confirm-email\/\?token=\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const path = new URL(link!).pathname + new URL(link!).search;

    for (const [label, width] of [['desktop', 1280], ['phone', 375]] as const) {
      const view = await newPage(browser, server.baseUrl, { width, height: 800 });
      await view.goto(path);
      await view.getByRole('button', { name: 'Confirm my new address' }).waitFor();
      await screenshot(view, `confirm-email-${label}`);
      if (label === 'phone') {
        await view.getByRole('button', { name: 'Confirm my new address' }).click();
        await view.getByText(`Your e-mail address is now ${next}.`).waitFor();
        await screenshot(view, 'confirm-email-done-phone');
      }
      await view.close();
    }
    await page.goto('/account');
    await page.getByRole('form', { name: 'Email address' }).getByLabel('Email').waitFor();
    await screenshot(page, 'account-email-desktop');
    expect(await page.getByRole('form', { name: 'Email address' }).getByLabel('Email').inputValue()).toBe(next);
    await page.close();
  });
});
