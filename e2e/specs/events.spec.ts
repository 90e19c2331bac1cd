import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // DEMO_DATA is on for specs: the demo's sample tournament, league and series are listed too.
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ZONE = 'America/Chicago';

async function registerAngler(): Promise<string> {
  const id = `host${Date.now().toString(36)}`;
  const res = await fetch(`${server.baseUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: id, email: `${id}@example.com`, password: 'tight lines 2026', passwordConfirm: 'tight lines 2026' }),
  });
  const user = (await res.json()) as { token?: string; error?: string };
  if (!user.token) throw new Error(`register failed: ${user.error}`);
  return user.token;
}

/** A page in the events' zone, signed in when given a token, that never waits on map tiles from the internet. */
async function openPage(token: string | null, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport, timezoneId: ZONE });
  await context.route(/tile\.openstreetmap\.org|tiles\.openseamap\.org/, (route) => route.abort());
  if (token) await context.addInitScript((t) => localStorage.setItem('tightlines.token', t), token);
  return context.newPage();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A date a month ahead, as a datetime-local value. */
const ahead = (days: number, time: string) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;

describe('events', () => {
  const name = `Gull Lake Spring Open ${Date.now().toString(36)}`;

  it('creates a paid tournament through the wizard with the test card', async () => {
    const page = await openPage(await registerAngler());
    await page.goto('/create-event');
    await page.getByRole('textbox', { name: 'Event Name' }).fill(name);
    await choose(page, 'Event Type', 'Tournament');
    await page.getByRole('textbox', { name: 'Entry cost ($)' }).fill('10');
    await page.getByRole('textbox', { name: 'Stripe publishable key' }).fill('pk_test_gull_lake_club');
    await expect.poll(() => page.getByTestId('creation-fee').textContent()).toBe('Creation fee: $25');
    await screenshot(page, 'events-wizard-1280');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2 says what is missing, in the seed's words, before it lets the angler on.
    await page.getByLabel('Start').fill(ahead(30, '06:00'));
    await page.getByLabel('End').fill(ahead(30, '18:00'));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('alert').filter({ hasText: 'Event Species is Required.' }).waitFor();
    await page.getByLabel('State').first().fill('MN');
    await page.getByRole('option', { name: 'MN', exact: true }).click();
    await page.getByLabel('Species').first().click({ force: true });
    await page.getByRole('option', { name: 'Walleye', exact: true }).click();
    await page.keyboard.press('Escape');
    await choose(page, 'Key Type', 'Random Number');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: a lake from the map.
    const map = page.getByRole('region', { name: 'Map: click a lake to add it' });
    await page.locator('.leaflet-container').waitFor();
    await page.getByRole('button', { name: 'Add Lake' }).click();
    await page.getByRole('alert').filter({ hasText: 'Each lake is required to have a name.' }).waitFor();
    await map.click({ position: { x: 200, y: 150 } });
    await page.getByRole('textbox', { name: 'Lake name' }).fill('Gull Lake');
    await page.getByRole('button', { name: 'Add Lake' }).click();
    await page.getByTestId('lake-list').getByText('Gull Lake').waitFor();
    // A reload resumes the saved draft (steps 1 and 2 were saved on Next).
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Event Name' }).inputValue()).toBe(name);
    for (let i = 0; i < 2; i += 1) await page.getByRole('button', { name: 'Next' }).click();
    // Leaflet listens for clicks once it has loaded.
    await page.locator('.leaflet-container').waitFor();
    await page.getByRole('region', { name: 'Map: click a lake to add it' }).click({ position: { x: 200, y: 150 } });
    await page.getByRole('textbox', { name: 'Lake name' }).fill('Gull Lake');
    await page.getByRole('button', { name: 'Add Lake' }).click();
    await page.getByTestId('lake-list').getByText('Gull Lake').waitFor();

    await page.getByRole('button', { name: 'Create Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Creation fee' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('fee-due').textContent()).toBe('$25');
    await dialog.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await dialog.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
    await dialog.getByRole('textbox', { name: 'CVC' }).fill('123');
    await screenshot(page, 'events-payment-1280');
    await dialog.getByRole('button', { name: 'Pay and create' }).click();
    await page.getByText(`The event ${name} has been created`).waitFor();
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  it('lists it in /events and shows it on /event/{id}, on a desktop and a phone', async () => {
    for (const [width, height] of [
      [1280, 900],
      [375, 812],
    ] as const) {
      const page = await openPage(null, { width, height });
      await page.goto('/events');
      const item = page.getByTestId('event-item').filter({ hasText: name });
      await item.waitFor();
      // Start date as MM/DD/YY h:mm a on the event's clock.
      expect(await item.textContent()).toMatch(/\d{2}\/\d{2}\/\d{2} 6:00 AM/);
      await screenshot(page, `events-list-${width}`);
      await item.getByRole('link', { name: 'View' }).click();
      await page.waitForURL('**/event/**');
      await page.getByRole('heading', { name }).waitFor();
      expect(await page.getByTestId('event-fee').textContent()).toBe('$10');
      await page.getByRole('tab', { name: 'Lakes' }).click();
      await page.getByRole('listitem').filter({ hasText: 'Gull Lake' }).waitFor();
      await screenshot(page, `events-details-${width}`);
      await page.context().close();
    }
  });

  it('shows the demo’s series and finished tournament', async () => {
    const page = await openPage(null, { width: 375, height: 812 });
    await page.goto('/events?type=Series');
    await page.getByTestId('event-item').filter({ hasText: 'Brainerd Lakes Bass Series' }).getByRole('link', { name: 'View' }).click();
    await page.waitForURL('**/series/**');
    await page.getByTestId('active-event').waitFor();
    await screenshot(page, 'events-series-375');
    await page.goto('/events?type=Tournament');
    await page.getByTestId('event-item').filter({ hasText: 'Walleye Classic' }).click();
    await page.getByText('This event has ended, check out the results!').waitFor();
    // Once started, the Leaderboard tab opens by default.
    expect(await page.getByRole('tab', { name: 'Leaderboard' }).getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'events-ended-375');
    await page.goto('/events?type=League&species=Musky');
    await page.getByText('There are currently no events available.').waitFor();
    await page.context().close();
  });
});
