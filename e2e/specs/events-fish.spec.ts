import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser';
import { newAngler, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // No demo data: nothing here reads it, and a loaded machine starts the server sooner without it.
  server = await startServer({ DEMO_DATA: 'off' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ZONE = 'America/Chicago';
/** On Gull Lake's marker: the event's lake has no outline, so within 1 km of it counts. */
const ON_GULL = { latitude: 46.41, longitude: -94.35 };
/** An 8 x 8 JPEG: the upload re-encodes it, and each upload is a photo of its own. */
const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJ4AsZ//2Q==',
  'base64',
);

async function api<T>(path: string, token: string | null, body: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${json.error}`);
  return json;
}

/** A page in the event's zone, on Gull Lake as far as the browser's geolocation says. */
async function openPage(viewport: { width: number; height: number }, token: string | null = null): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport, timezoneId: ZONE, geolocation: ON_GULL, permissions: ['geolocation'] });
  await context.route(/tile\.openstreetmap\.org|tiles\.openseamap\.org/, (route) => route.abort());
  if (token) await context.addInitScript((t) => localStorage.setItem('tightlines.token', t), token);
  return context.newPage();
}

/** Picks `name`.jpg for the photo button's (hidden) file input, and waits for the upload's preview. */
async function addPhoto(page: Page, kind: 0 | 1, label: string, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Enter Fish' });
  await page.locator('input[type="file"]').nth(kind).setInputFiles({ name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: JPEG });
  await dialog.getByRole('img', { name: label }).waitFor();
}

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('fish entry and the live leaderboard', () => {
  it('a fish entered in the form reaches a second browser watching the leaderboard, with its alerts, without a reload', { timeout: 180_000 }, async () => {
    const organiser = await api<{ token: string }>('/api/user/register', null, { ...newAngler('org'), passwordConfirm: 'tight lines 2026' });
    const event = await api<{ _id: string; name: string }>('/api/fc/event', organiser.token, {
      name: `Gull Lake Walleye Open ${Date.now().toString(36)}`,
      type: 'Tournament',
      format: 'Points',
      size: '12',
      cost: 0,
      bagSize: 5,
      public: true,
      state: 'MN',
      species: ['Walleye'],
      keyType: 'Number',
      allWater: false,
      dateStart: inMs(86_400_000),
      dateEnd: inMs(3 * 86_400_000),
      tz: ZONE,
      hoursInDay: 8,
      lakes: [{ name: 'Gull Lake', location: { lat: ON_GULL.latitude, lng: ON_GULL.longitude } }],
    });
    const angler = newAngler('fish');
    const member = await api<{ token: string }>('/api/user/register', null, { ...angler, passwordConfirm: angler.password });
    await api(`/api/fc/event/register/${event._id}`, member.token, {});

    // The organiser moves the start to a few seconds from now (a new start must still be ahead).
    const start = Date.now() + 8_000;
    await api(`/api/fc/event/dates/${event._id}`, organiser.token, { dateStart: new Date(start).toISOString(), dateEnd: inMs(2 * 86_400_000) });
    // Answers give times to the minute, so the page may read the start up to 30 s later.
    const shownStart = Math.max(start, Math.round(start / 60_000) * 60_000);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, shownStart - Date.now()) + 1_000));

    // A visitor watches the board from another browser before the fish comes in.
    const viewer = await openPage({ width: 1280, height: 900 });
    await viewer.goto(`/event-leaderboard/${event._id}`);
    await viewer.getByRole('heading', { name: 'Live Leaderboard' }).waitFor();
    await viewer.getByTestId('leaderboard-row').first().waitFor();
    expect(await viewer.getByTestId('leaderboard-row').count()).toBe(1);
    expect(await viewer.getByTestId('leaderboard-row').first().textContent()).toContain('0 pts');
    // Set on this document only: still there at the end, the page was never reloaded.
    await viewer.evaluate(() => Object.assign(window, { sameDocument: true }));

    const page = await openPage({ width: 1280, height: 900 }, member.token);
    await page.goto(`/event/${event._id}`);
    await page.getByRole('button', { name: 'Check In' }).click();
    const checked = page.getByRole('dialog', { name: 'Success' });
    await expect.poll(() => checked.getByText('You have successfully checked in, you can start fishing now!').count(), { timeout: 15_000 }).toBe(1);
    await checked.getByRole('button', { name: 'Got it' }).click();

    await page.getByRole('button', { name: 'Enter Fish' }).click();
    const form = page.getByRole('dialog', { name: 'Enter Fish' });
    await form.getByLabel('Size (inches)').fill('27.25');
    await form.getByLabel('Lure').fill('Jig and minnow');
    await screenshot(page, 'event-fish-form-empty-1280');
    await addPhoto(page, 0, 'Fish on the bumperboard', 'bumperboard');
    await addPhoto(page, 1, 'You holding your fish', 'holding');
    await screenshot(page, 'event-fish-form-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'event-fish-form-375');
    await form.getByRole('button', { name: 'Submit Fish' }).click();
    const entered = page.getByRole('dialog', { name: 'Success' });
    await entered.waitFor({ timeout: 15_000 });
    await entered.getByRole('button', { name: 'OK' }).click();

    // The viewer's board moves by itself: the row's points, and both alerts.
    const board = await fetch(`${server.baseUrl}/api/fc/event/${event._id}`).then((r) => r.json() as Promise<{ leaderboard: Array<{ points: number }> }>);
    const points = board.leaderboard[0]?.points;
    expect(points).toBeGreaterThan(0);
    await expect.poll(() => viewer.getByTestId('leaderboard-row').first().textContent(), { timeout: 15_000 }).toContain(`${points} pts`);
    await viewer.getByText('New Leader Alert').waitFor();
    await viewer.getByText('Big Fish Alert').waitFor();
    expect(await viewer.getByText(`${angler.username} leads with ${points} points.`).count()).toBe(1);
    expect(await viewer.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await screenshot(viewer, 'event-leaderboard-live-1280');

    await viewer.getByTestId('leaderboard-row').first().getByRole('button').first().click();
    await viewer.getByText('Jig and minnow').waitFor();
    await screenshot(viewer, 'event-leaderboard-fish-1280');
    await viewer.setViewportSize({ width: 375, height: 800 });
    await screenshot(viewer, 'event-leaderboard-fish-375');
  });
});
