// The owner dashboard (issue 16): the demo angler owns the demo's running league (whose board has
// fish, so no fish entry is needed): the owner opens /event-dashboard/{id}, adds an entry, flags a
// fish and exports the CSV; a stranger is sent to /dashboard. At 375 px and on a desktop.
import fs from 'node:fs';
import { DEMO_ACCOUNT } from '@tightlines/core/demo';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser';
import { newAngler, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let ownerToken: string;
let leagueId: string;

async function api<T>(path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as T;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ownerToken = (await api<{ token: string }>('/api/user/login', null, { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })).token;
  const mine = await api<{ owned: Array<{ eventId: string; name: string }> }>('/api/fc/my-events', ownerToken);
  leagueId = mine.owned.find((e) => e.name.includes('League'))!.eventId;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openPage(token: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport, timezoneId: 'America/Chicago', acceptDownloads: true });
  await context.route(/tile\.openstreetmap\.org|tiles\.openseamap\.org/, (route) => route.abort());
  await context.addInitScript((t) => localStorage.setItem('tightlines.token', t), token);
  return context.newPage();
}

describe('event dashboard', () => {
  it.each([
    ['desktop', { width: 1280, height: 900 }],
    ['375', { width: 375, height: 812 }],
  ] as const)('the owner adds an entry, flags a fish and exports the CSV (%s)', async (label, viewport) => {
    const page = await openPage(ownerToken, viewport);
    await page.goto(`/event-dashboard/${leagueId}`);
    await page.getByRole('heading', { name: 'Mille Lacs Summer League (sample)' }).waitFor();
    // The league has started: the live leaderboard is one click away; a league has a schedule.
    await page.getByRole('link', { name: 'View Live Leaderboard' }).waitFor();
    await page.getByRole('tab', { name: 'Schedule' }).waitFor();
    await screenshot(page, `event-dashboard-entries-${label}`);

    const email = `walkup.${label}.${Date.now().toString(36)}@example.com`;
    await page.getByRole('button', { name: '+ Entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add entry' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Walk-up ${label}`);
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await page.getByTestId('entry-card').filter({ hasText: email }).waitFor();

    // The filter finds the new entry by e-mail.
    await page.getByRole('textbox', { name: 'Name, email or id' }).fill(email);
    await expect.poll(() => page.getByTestId('entry-card').count()).toBe(1);
    await page.getByRole('button', { name: 'Reset' }).click();

    await page.getByRole('tab', { name: 'Fish' }).click();
    // Flagging changes the totals and so the order: the fish is followed by its id.
    const fishId = await page.getByTestId('fish-card').first().getAttribute('data-fish');
    const first = page.locator(`[data-fish="${fishId}"]`);
    const wasFlagged = (await first.getByRole('button', { name: 'Unflag' }).count()) > 0;
    await first.getByRole('button', { name: wasFlagged ? 'Unflag' : 'Flag' }).click();
    await expect.poll(() => first.getByRole('button', { name: wasFlagged ? 'Flag' : 'Unflag' }).count()).toBe(1);
    await screenshot(page, `event-dashboard-fish-${label}`);

    const download = page.waitForEvent('download');
    await page.getByRole('tab', { name: 'Export to CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('event-entry-details.csv');
    const csv = fs.readFileSync((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Total Points');
    expect(csv).toContain(email);
    await page.context().close();
  });

  it('sends someone who is not an owner to /dashboard', async () => {
    const angler = newAngler('notowner');
    const { token } = await api<{ token: string }>('/api/user/register', null, { ...angler, passwordConfirm: angler.password });
    const page = await openPage(token, { width: 375, height: 812 });
    await page.goto(`/event-dashboard/${leagueId}`);
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });
});
