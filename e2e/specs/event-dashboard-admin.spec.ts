// The owner dashboard's admin parts (issue 16): the demo angler owns the demo's running league.
// The owner checks in all entries (after confirming), enters a fish for a walk-up entry with two
// photos whose camera data disagree with it, reads the Photo data, flags the fish, and the live
// leaderboard drops it. At 1280 and 375 px.
import { DEMO_ACCOUNT } from '@tightlines/core/demo';
import { jpegWithExif } from '@tightlines/testkit/photos';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

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

async function openPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport, timezoneId: 'America/Chicago' });
  await context.route(/tile\.openstreetmap\.org|tiles\.openseamap\.org/, (route) => route.abort());
  await context.addInitScript((t) => localStorage.setItem('tightlines.token', t), ownerToken);
  return context.newPage();
}

/** The app's one alert dialog: its text, then closed. */
async function alertSays(page: Page, text: string | RegExp) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await dialog.waitFor();
  return dialog;
}

describe('event dashboard: check-in, enter fish, photo data, flag', () => {
  it.each([
    ['1280', { width: 1280, height: 900 }],
    ['375', { width: 375, height: 812 }],
  ] as const)('the owner runs the day and a flagged fish leaves the board (%s)', async (label, viewport) => {
    const name = `Walk-up ${label} ${Date.now().toString(36)}`;
    await api(`/api/fc/event/register/manual/${leagueId}`, ownerToken, { user: { email: `walkup.${label}.${Date.now().toString(36)}@example.com`, name } });
    const page = await openPage(viewport);
    await page.goto(`/event-dashboard/${leagueId}`);
    await page.getByRole('heading', { name: 'Mille Lacs Summer League (sample)' }).waitFor();

    // Checkin All Entries asks first.
    await page.getByRole('button', { name: 'Checkin All Entries' }).click();
    const confirm = page.getByRole('dialog', { name: 'Checkin All Entries' });
    await confirm.getByText(/Check in all \d+ entries now\?/).waitFor();
    await screenshot(page, `event-dashboard-checkin-all-${label}`);
    await confirm.getByRole('button', { name: 'Check in all' }).click();
    const done = await alertSays(page, /Checked in \d+ (entry|entries)\.|Every entry is already checked in\./);
    await done.getByRole('button', { name: 'OK' }).click();

    // The walk-up entry: its details show the check-in; Enter fish with two photos.
    await page.getByRole('textbox', { name: 'Name, email or id' }).fill(name);
    const card = page.getByTestId('entry-card').filter({ hasText: name });
    await card.getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: `Entry: ${name}` });
    await details.getByText(/Last check-in/).waitFor();
    await details.getByRole('button', { name: 'Check in' }).click();
    await details.getByRole('status').filter({ hasText: `${name} is already checked in.` }).waitFor();
    await details.getByRole('button', { name: 'Enter fish' }).click();

    const form = page.getByRole('dialog', { name: `Enter fish for ${name}` });
    await form.getByRole('combobox', { name: 'Species', exact: true }).click();
    await page.getByRole('option', { name: 'Walleye', exact: true }).click();
    await form.getByRole('textbox', { name: 'Size (inches)' }).fill('31.5');
    await form.getByRole('textbox', { name: 'Lure' }).fill('Crankbait');
    // Photos from another day, 180 km away: the Photo data will disagree.
    const old = await jpegWithExif({ takenAt: '2024-06-01T06:30:00', offset: '-05:00', lat: 44.98, lng: -93.27 });
    const photo = async (label: string, buffer: Buffer) => {
      const chooser = page.waitForEvent('filechooser');
      await form.getByRole('button', { name: `Add photo: ${label}` }).click();
      await (await chooser).setFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer });
      await form.getByRole('button', { name: `Replace photo: ${label}` }).waitFor();
    };
    await photo('Fish on the bumperboard', old);
    await photo('Angler holding the fish', await jpegWithExif({ takenAt: '2024-06-01T06:31:00', offset: '-05:00', lat: 44.98, lng: -93.27 }));
    await screenshot(page, `event-dashboard-enter-fish-${label}`);
    await form.getByRole('button', { name: 'Enter fish' }).click();
    const entered = await alertSays(page, `Fish entered for ${name}.`);
    await entered.getByRole('button', { name: 'OK' }).click();

    // The board counts it.
    const board = await openPage(viewport);
    await board.goto(`/event-leaderboard/${leagueId}`);
    const row = board.getByTestId('leaderboard-row').filter({ hasText: name });
    await expect.poll(() => row.textContent()).toContain('1 fish');

    // Photo data on the Fish tab: the camera's time and place, and the disagreement.
    await page.getByRole('tab', { name: 'Fish' }).click();
    const fishCard = page.getByTestId('fish-card').filter({ hasText: name });
    await fishCard.getByText('Photo data disagrees').waitFor();
    await fishCard.getByRole('button', { name: 'Photo data' }).click();
    await fishCard.getByText(/Photo taken \d+ days before the fish was entered\./).first().waitFor();
    await fishCard.getByText('Camera: Pixel Pixel 9 Camera').first().waitFor();
    await fishCard.scrollIntoViewIfNeeded();
    await screenshot(page, `event-dashboard-photo-data-${label}`);

    // Flagged, it leaves the board.
    await fishCard.getByRole('button', { name: 'Flag' }).click();
    await fishCard.getByText('Flagged').waitFor();
    await board.reload();
    await expect.poll(() => board.getByTestId('leaderboard-row').filter({ hasText: name }).textContent()).toContain('0 fish');
    await expect.poll(() => board.getByTestId('leaderboard-row').filter({ hasText: name }).textContent()).toContain('0 pts');
    await board.context().close();
    await page.context().close();
  });
});
