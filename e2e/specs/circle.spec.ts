import { CIRCLE_MESSAGES } from '@tightlines/core/circle';
import { startFakePushService, type FakePushService } from '@tightlines/testkit/push';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser';
import { startOpenMeteoStub, type OpenMeteoStub } from '../support/open-meteo-fixture';
import { startServer, type RunningServer } from '../support/server';

// FREEFORALL: both anglers are premium. The push service is a loopback fake on plain http.
let weather: OpenMeteoStub;
let pushService: FakePushService;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  weather = await startOpenMeteoStub();
  pushService = await startFakePushService();
  server = await startServer({
    FEATURE_FLAGS: 'FREEFORALL',
    OPEN_METEO_URL: weather.url,
    OPEN_METEO_ARCHIVE_URL: weather.archiveUrl,
    PUSH_ALLOW_HTTP: 'on',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await pushService?.close();
  await weather?.close();
});

const GULL_LAKE = { lat: 46.412, lng: -94.355, lake: 'Gull Lake', state: 'MN' };

async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${data.error}`);
  return data;
}

async function register(prefix: string) {
  const id = `${prefix}${Date.now().toString(36)}`;
  const user = await call<{ token: string; username: string }>('POST', '/api/user/register', null, {
    username: id,
    email: `${id}@example.com`,
    password: 'tight lines 2026',
    passwordConfirm: 'tight lines 2026',
  });
  return user;
}

async function openPage(token: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport, timezoneId: 'America/Chicago' });
  await context.route(/tile\.openstreetmap\.org|tiles\.openseamap\.org/, (route) => route.abort());
  await context.addInitScript((t) => localStorage.setItem('tightlines.token', t), token);
  return context.newPage();
}

async function saveTag(page: Page, friend: string, allowed: boolean) {
  await page.getByRole('button', { name: `Manage ${friend}` }).click();
  const dialog = page.getByRole('dialog', { name: friend });
  await dialog.getByRole('tab', { name: 'Tags' }).click();
  const box = dialog.getByRole('checkbox', { name: 'dawn' });
  if (allowed) await box.check();
  else await box.uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(CIRCLE_MESSAGES.accessSaved).waitFor();
  // The success alert opens above the friend's dialog; the member dismisses it to go on there.
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await page.getByText(CIRCLE_MESSAGES.accessSaved).waitFor({ state: 'hidden' });
}

async function closeDialog(page: Page, name: string) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name }).waitFor({ state: 'hidden' });
}

describe('the Inner Circle in two browsers', () => {
  it('A adds B, B sees A’s protected log, A hides its tag, B no longer sees it, A removes B, B sees nothing', async () => {
    const a = await register('alice');
    const b = await register('bob');
    await call('POST', '/api/logs/create', a.token, {
      type: 'Catch',
      date: new Date(Date.now() - 2 * 3600_000).toISOString(),
      privacy: 'protected',
      tags: ['dawn'],
      fish: { species: 'Walleye', length: 24 },
      location: GULL_LAKE,
    });

    const pageA = await openPage(a.token, { width: 1280, height: 900 });
    await pageA.goto('/inner-circle');
    await pageA.getByText(CIRCLE_MESSAGES.empty).waitFor();
    await pageA.getByRole('button', { name: 'Add a user' }).click();
    await pageA.getByLabel('E-mail or username').fill(b.username);
    await pageA.getByRole('dialog', { name: 'Add a user' }).getByRole('button', { name: 'Add' }).click();
    await pageA.getByRole('button', { name: `Manage ${b.username}` }).waitFor();
    // Adding again answers the seed's words in the modal.
    await pageA.getByRole('button', { name: 'Add a user' }).click();
    await pageA.getByLabel('E-mail or username').fill(b.username);
    await pageA.getByRole('dialog', { name: 'Add a user' }).getByRole('button', { name: 'Add' }).click();
    await pageA.getByText(CIRCLE_MESSAGES.alreadyAdded).waitFor();
    await pageA.getByRole('dialog', { name: 'Add a user' }).getByRole('button', { name: 'Cancel' }).click();

    // The tag is hidden until A allows it.
    const pageB = await openPage(b.token, { width: 375, height: 812 });
    await pageB.goto('/inner-circle');
    await pageB.getByText(CIRCLE_MESSAGES.empty).waitFor();

    await pageA.getByRole('button', { name: 'Show filters' }).click();
    await saveTag(pageA, b.username, true);
    await screenshot(pageA, 'inner-circle-owner-1280');
    await closeDialog(pageA, b.username);

    await pageB.reload();
    await pageB.getByTestId('circle-total').getByText('1 log').waitFor();
    await pageB.getByRole('cell', { name: a.username }).waitFor();
    await screenshot(pageB, 'inner-circle-friend-375');
    await pageB.getByText('Users', { exact: true }).click();
    await pageB.getByText('Users you follow who do not follow you').waitFor();
    await screenshot(pageB, 'inner-circle-friend-users-375');

    await saveTag(pageA, b.username, false);
    await closeDialog(pageA, b.username);
    await pageB.goto('/inner-circle');
    await pageB.getByText(CIRCLE_MESSAGES.empty).waitFor();

    await saveTag(pageA, b.username, true);
    await pageA.getByRole('dialog', { name: b.username }).getByRole('button', { name: 'Remove' }).click();
    await pageA.getByText('Nobody yet: add a friend to share your logs with them.').waitFor();
    await pageB.goto('/inner-circle');
    await pageB.getByText(CIRCLE_MESSAGES.empty).waitFor();
    await pageB.getByText('Users', { exact: true }).click();
    expect(await pageB.getByText(a.username).count()).toBe(0);

    const wide = await openPage(b.token, { width: 1280, height: 900 });
    await wide.goto('/inner-circle');
    await wide.getByText(CIRCLE_MESSAGES.empty).waitFor();
    await screenshot(wide, 'inner-circle-empty-1280');
  });

  it('delivers a push to the friend’s browser when A logs something B may see', async () => {
    const a = await register('anna');
    const b = await register('ben');
    await call('POST', '/api/user/add/inner-circle', a.token, { user: b.username });
    const worker = await fetch(`${server.baseUrl}/api/notification-worker.js`);
    expect(worker.headers.get('service-worker-allowed')).toBe('/');
    const subscription = pushService.newBrowser();
    expect(await call('POST', '/api/notifications/subscribe/inner-circle', b.token, subscription)).toEqual({ message: 'subscribed' });
    const log = await call<{ _id: string }>('POST', '/api/logs/create', a.token, { type: 'Bite', privacy: 'public', location: GULL_LAKE });
    const push = await pushService.waitFor(subscription.endpoint);
    expect(JSON.parse(push.payload)).toEqual({ title: `${a.username} logged a Bite`, body: 'on Gull Lake', url: `/log/${log._id}` });
  });
});
