import type { Browser, Page } from 'playwright-core';
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

const ZONE = 'America/Chicago';
/** On Gull Lake's marker: the event's lake has no outline, so within 1 km of it counts. */
const ON_GULL = { latitude: 46.41, longitude: -94.35 };

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

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('event registration and check-in', () => {
  it('a visitor signs up in the modal, registers, and checks in once the organiser has started the event', { timeout: 120_000 }, async () => {
    const organiser = await api<{ token: string }>('/api/user/register', null, { ...newAngler('org'), passwordConfirm: 'tight lines 2026' });
    const event = await api<{ _id: string; name: string }>('/api/fc/event', organiser.token, {
      name: `Gull Lake Shootout ${Date.now().toString(36)}`,
      type: 'Tournament',
      format: 'Points',
      size: '12',
      cost: 0,
      bagSize: 5,
      public: true,
      state: 'MN',
      species: ['Walleye'],
      keyType: '2 Playing Cards',
      allWater: false,
      divisions: ['Pro', 'Amateur'],
      dateStart: inMs(86_400_000),
      dateEnd: inMs(3 * 86_400_000),
      tz: ZONE,
      hoursInDay: 8,
      lakes: [{ name: 'Gull Lake', location: { lat: ON_GULL.latitude, lng: ON_GULL.longitude } }],
    });

    const page = await openPage({ width: 375, height: 800 });
    await page.goto(`/event/${event._id}`);
    await page.getByRole('button', { name: 'Register Today' }).click();
    const modal = page.getByRole('dialog', { name: 'Sign in to register' });
    await modal.locator('label', { hasText: /^Register$/ }).click();
    await modal.getByLabel('I am at least 13 years of age').check();
    await modal.getByRole('button', { name: 'Register', exact: true }).click();
    await expect.poll(() => modal.getByRole('alert').textContent({ timeout: 5_000 })).toBe('All fields are required');
    await screenshot(page, 'event-register-signin-375');

    const angler = newAngler('reg');
    await modal.getByLabel('Username').fill(angler.username);
    await modal.getByLabel('Email').fill(angler.email);
    await modal.getByLabel('Password', { exact: true }).fill(angler.password);
    await modal.getByLabel('Confirm password').fill(angler.password);
    await modal.getByRole('button', { name: 'Register', exact: true }).click();

    // The event has divisions: the registration modal asks for one before registering.
    const details = page.getByRole('dialog', { name: `Register for ${event.name}` });
    await details.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => details.getByRole('alert').textContent({ timeout: 10_000 })).toBe('Please choose a division.');
    await details.getByLabel('Division').first().click();
    await page.getByRole('option', { name: 'Amateur', exact: true }).click();
    await screenshot(page, 'event-register-details-375');
    await details.getByRole('button', { name: 'Register' }).click();
    const success = page.getByRole('dialog', { name: 'Success' });
    await expect.poll(() => success.getByRole('status').textContent({ timeout: 10_000 })).toBe('You have successfully registered!');
    await success.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByText('You are registered for this event!').count()).toBeGreaterThan(0);
    await screenshot(page, 'event-registered-375');

    // The organiser moves the start to a few seconds from now (a new start must still be ahead).
    const start = Date.now() + 8_000;
    await api(`/api/fc/event/dates/${event._id}`, organiser.token, { dateStart: new Date(start).toISOString(), dateEnd: inMs(2 * 86_400_000) });
    // Answers give times to the minute, so the page may read the start up to 30 s later.
    const shownStart = Math.max(start, Math.round(start / 60_000) * 60_000);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, shownStart - Date.now()) + 1_000));

    const token = await page.evaluate(() => localStorage.getItem('tightlines.token'));
    const desktop = await openPage({ width: 1280, height: 900 }, token);
    await desktop.goto(`/event/${event._id}`);
    await desktop.getByRole('button', { name: 'Check In' }).click();
    const checked = desktop.getByRole('dialog', { name: 'Success' });
    await expect.poll(() => checked.getByText('You have successfully checked in, you can start fishing now!').count(), { timeout: 15_000 }).toBe(1);
    const key = await desktop.getByTestId('checkin-key').textContent();
    expect(key).toMatch(/^(Ace|[2-9]|10|Jack|Queen|King) of (Spades|Hearts|Diamonds|Clubs), (Ace|[2-9]|10|Jack|Queen|King) of (Spades|Hearts|Diamonds|Clubs)$/);
    await screenshot(desktop, 'event-checkin-key-1280');

    // On the phone, a second tap while the check-in runs answers its key again.
    await page.reload();
    await page.getByRole('button', { name: 'Check In' }).click();
    const again = page.getByRole('dialog', { name: 'Success' });
    await expect.poll(() => again.getByText('You have successfully checked in today!').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('checkin-key').textContent({ timeout: 10_000 })).toBe(key);
    await screenshot(page, 'event-checkin-again-375');
  });
});
