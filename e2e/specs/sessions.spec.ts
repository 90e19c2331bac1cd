import type { Browser, Page } from 'playwright-core';
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

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login-register?action=login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
}

describe('changing the password', () => {
  it('keeps this browser signed in and signs the other one out', async () => {
    const id = `ses${Date.now().toString(36)}`;
    const a = { username: id, email: `${id}@example.com`, password: 'tight lines 2026', passwordConfirm: 'tight lines 2026' };
    const signUp = await fetch(`${server.baseUrl}/api/user/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(a) });
    expect(signUp.status).toBe(200);

    const desk = await newPage(browser, server.baseUrl, { width: 1280, height: 800 });
    const phone = await newPage(browser, server.baseUrl, { width: 375, height: 800 });
    await logIn(desk, a.email, a.password);
    await logIn(phone, a.email, a.password);

    await phone.goto('/account');
    await phone.getByRole('region', { name: /this device/ }).waitFor();
    await screenshot(phone, 'sessions-phone');
    await desk.goto('/account');
    const panel = desk.getByRole('region', { name: 'Sessions' });
    await panel.getByRole('region', { name: /this device/ }).waitFor();
    // Registering signed in too: that session and the phone's are the others.
    expect(await panel.getByRole('button', { name: 'Sign out' }).count()).toBe(2);
    await screenshot(desk, 'sessions-desktop');

    const form = desk.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password', { exact: true }).fill('deeper water 2027');
    await form.getByLabel('Confirm new password').fill('deeper water 2027');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('Your current password is not correct.').waitFor();

    await form.getByLabel('Current password').fill(a.password);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('Every other device was signed out').waitFor();
    await panel.getByRole('button', { name: 'Sign out' }).waitFor({ state: 'detached' });
    await screenshot(desk, 'sessions-changed-desktop');

    await phone.reload();
    await phone.waitForURL('**/landing?redirect=%2Faccount');
    await desk.reload();
    await desk.getByRole('form', { name: 'Change password' }).waitFor();
    expect(desk.url()).toContain('/account');
    await logIn(phone, a.email, 'deeper water 2027');
    await desk.close();
    await phone.close();
  });
});
