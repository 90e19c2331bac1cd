import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LogView } from '@tightlines/core/logs';
import { messages } from '@tightlines/core/messages';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser';
import { startOpenMeteoStub, type OpenMeteoStub } from '../support/open-meteo-fixture';
import { startServer, type RunningServer, newAngler } from '../support/server';

// FREEFORALL makes every member premium, so import is open and the lunar tab is unlocked.
let weather: OpenMeteoStub;
let server: RunningServer;
let browser: Browser;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-logs-e2e-'));

beforeAll(async () => {
  weather = await startOpenMeteoStub();
  server = await startServer({
    FEATURE_FLAGS: 'FREEFORALL',
    OPEN_METEO_URL: weather.url,
    OPEN_METEO_ARCHIVE_URL: weather.archiveUrl,
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await weather?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const BRAINERD = { latitude: 46.35, longitude: -94.2 };
/** A 1×1 PNG, enough for the server's image pipeline. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const angler = () => newAngler('logs');

/** A context that knows where it is and never waits on map tiles from the internet. */
async function openPage(viewport = { width: 1280, height: 900 }, token?: string): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    baseURL: server.baseUrl,
    viewport,
    permissions: ['geolocation'],
    geolocation: BRAINERD,
  });
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  if (token) await context.addInitScript((t) => localStorage.setItem('tightlines.token', t), token);
  return context.newPage();
}

async function register(page: Page, a: ReturnType<typeof angler>) {
  await page.goto('/login-register?action=signup');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(a.username);
  await form.getByLabel('Email').fill(a.email);
  await form.getByLabel('Password', { exact: true }).fill(a.password);
  await form.getByLabel('Confirm password').fill(a.password);
  await form.getByLabel('I am at least 13 years of age').check();
  await form.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/subscription');
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('tightlines.token')!);

async function myLogs(token: string) {
  const res = await fetch(`${server.baseUrl}/api/user/logs?limit=50&page=1`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { docs: LogView[]; total: number };
}

async function closeDialog(page: Page, text: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByText(text).waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function noSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('logs in the browser', () => {
  it('creates, views, edits, drafts, exports and imports logs', async () => {
    const page = await openPage();
    const a = angler();
    await register(page, a);
    const token = await tokenOf(page);

    // Create Log asks the allowance first, then opens the form.
    await page.getByRole('banner').getByRole('button', { name: 'Create Log' }).click();
    await page.waitForURL('**/create-log');
    const form = page.getByRole('form', { name: 'Create log' });
    await form.getByRole('region', { name: "Map: click to set the log's location" }).waitFor();
    await page.getByText('Loading the map…').waitFor({ state: 'detached' });

    // Without a place the form says so inline and sends nothing.
    await form.getByRole('button', { name: 'Create Log' }).click();
    await form.getByText('Pick the place on the map, or use your location.').waitFor();

    await form.getByRole('region', { name: "Map: click to set the log's location" }).click();
    await form.getByTestId('picked-location').filter({ hasText: /^\d+\.\d{3}, -\d+\.\d{3}/ }).waitFor();
    expect(await form.getByText('Pick the place on the map, or use your location.').count()).toBe(0);

    await form.getByRole('combobox', { name: 'Lake', exact: true }).fill('Gull Lake');
    await page.keyboard.press('Escape');
    // This server has no river-gauge service: the lookup says so rather than inventing a value.
    await form.getByRole('button', { name: 'Look up waterflow' }).click();
    await form.getByRole('alert').filter({ hasText: 'Waterflow lookups are not configured on this server.' }).waitFor();
    await form.getByRole('tab', { name: 'Fish' }).click();
    await form.getByLabel('Species').fill('Walleye');
    await form.getByLabel('Length (in)', { exact: true }).fill('24.5');
    await form.getByRole('tab', { name: 'Lure' }).click();
    await form.getByLabel('Lure category').fill('Jig');
    await page.keyboard.press('Escape');
    await form.getByLabel('Primary colour').fill('Chartreuse');
    await screenshot(page, 'create-log-desktop');
    await noSideways(page);

    await form.getByRole('button', { name: 'Create Log' }).click();
    await closeDialog(page, 'Your log was created.');
    await page.waitForURL('**/dash-data');

    const [created] = (await myLogs(token)).docs;
    expect(created).toMatchObject({ type: 'Catch', fish: { species: 'Walleye', length: 24.5 }, location: { lake: 'Gull Lake' } });
    expect(created!.pending).toEqual([]);

    // Its View page: the type, the weather from the fixture and the lunar data, with an Edit link.
    await page.goto(`/logs/${a.username}`);
    await page.getByRole('article').getByRole('link', { name: 'View' }).click();
    await page.waitForURL(`**/log/${created!._id}`);
    await page.getByRole('heading', { name: 'Walleye' }).waitFor();
    await page.getByText('Gull Lake, MN').waitFor();
    await page.getByRole('img', { name: created!.weather!.summary! }).waitFor();
    await page.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}[ap]m$/).waitFor();
    await page.getByText(/^\d+\.\d{2} in$/).waitFor();
    await page.getByText(/^\d+ MPH /).waitFor();
    await page.getByText('Congratulations').waitFor();
    await page.getByText('Moon phase').waitFor();
    await page.getByText(created!.lunar!.moonPhase, { exact: true }).waitFor();
    expect(await page.getByRole('tabpanel', { name: 'Lunar' }).getByText(/^(\d{2}:\d{2} [AP]M|-)$/).count()).toBe(6);
    await screenshot(page, 'view-log-desktop');
    await noSideways(page);

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/log/edit/${created!._id}`);
    const edit = page.getByRole('form', { name: 'Edit log' });
    await edit.getByRole('tab', { name: 'Fish' }).click();
    expect(await edit.getByLabel('Length (in)', { exact: true }).inputValue()).toBe('24.5');
    await edit.getByLabel('Length (in)', { exact: true }).fill('26');
    await edit.locator('input[type="file"]').setInputFiles({ name: 'walleye.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
    await edit.getByRole('img', { name: 'Photo of this log' }).waitFor();
    await edit.getByRole('tab', { name: 'Tags' }).click();
    await edit.getByLabel('Add a tag').fill('opener');
    await edit.getByRole('button', { name: 'Add', exact: true }).click();
    await edit.getByRole('button', { name: 'Remove the tag opener' }).waitFor();
    await edit.getByRole('button', { name: 'Save' }).click();
    await closeDialog(page, 'Your log was saved.');
    await page.waitForURL('**/dash-data');
    await page.goto(`/log/${created!._id}`);
    await page.getByText('26 in', { exact: true }).waitFor();
    await page.getByText('opener', { exact: true }).waitFor();
    await page.getByRole('img', { name: 'Photo of this catch' }).waitFor();

    // Instant Draft takes the browser's position.
    await page.getByRole('banner').getByRole('button', { name: 'Instant Draft' }).click();
    await closeDialog(page, messages.draftCreated);
    const mine = await myLogs(token);
    expect(mine.total).toBe(2);
    expect(mine.docs.find((l) => l.type === 'Draft')?.location).toMatchObject({ lat: BRAINERD.latitude, lng: BRAINERD.longitude });

    // Export, then import the same file into a second account.
    await page.goto('/account?tab=3');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe('myfishinglogs.csv');
    const csv = path.join(scratch, 'myfishinglogs.csv');
    await download.saveAs(csv);
    expect(fs.readFileSync(csv, 'utf8')).toContain('Walleye');
    await page.context().close();

    const second = await openPage();
    await register(second, angler());
    await second.goto('/account?tab=3');
    const notCsv = path.join(scratch, 'logs.txt');
    fs.writeFileSync(notCsv, 'not a csv');
    await second.locator('input[type="file"][accept=".csv,text/csv"]').setInputFiles(notCsv);
    await second.getByText('There was an error with your upload: Only .csv files can be imported; "logs.txt" is not one.').waitFor();
    await second.locator('input[type="file"][accept=".csv,text/csv"]').setInputFiles(csv);
    await second.getByText('Your logs were successfully imported, visit your dashboard to find them.').waitFor();
    expect((await myLogs(await tokenOf(second))).total).toBe(mine.total);
    await second.context().close();
  });

  it('lays out the create and view pages on a phone', async () => {
    const desktop = await openPage();
    const a = angler();
    await register(desktop, a);
    const token = await tokenOf(desktop);
    const res = await fetch(`${server.baseUrl}/api/logs/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'Catch',
        fish: { species: 'Muskie', length: 44 },
        lure: { category: 'Bucktail', colorPrimary: 'Black' },
        location: { lat: BRAINERD.latitude, lng: BRAINERD.longitude, lake: 'Gull Lake' },
        notes: 'Figure eight at the boat.',
      }),
    });
    expect(res.status).toBe(201);
    const log = (await res.json()) as LogView;
    await desktop.context().close();

    const phone = await openPage({ width: 390, height: 844 }, token);
    await phone.goto('/create-log');
    await phone.getByRole('form', { name: 'Create log' }).getByRole('region', { name: "Map: click to set the log's location" }).waitFor();
    await phone.getByText('Loading the map…').waitFor({ state: 'detached' });
    // The keyboard picks too: Enter on the focused map takes its centre.
    await phone.getByRole('region', { name: "Map: click to set the log's location" }).focus();
    await phone.keyboard.press('Enter');
    await phone.getByTestId('picked-location').filter({ hasText: '46.000, -93.000' }).waitFor();
    await noSideways(phone);
    await screenshot(phone, 'create-log-phone');

    await phone.goto(`/log/${log._id}`);
    await phone.getByRole('heading', { name: 'Muskie' }).waitFor();
    await phone.getByText('Moon phase').waitFor();
    await noSideways(phone);
    await screenshot(phone, 'view-log-phone');

    // Someone else's log (or none) is not editable.
    await phone.goto('/log/edit/00000000-0000-4000-8000-000000000000');
    await phone.getByText('This log does not exist or is not yours.').waitFor();
    await phone.context().close();

    // A visitor sees a public log without an Edit link or lunar details, and a private one not at all.
    const shared = await fetch(`${server.baseUrl}/api/logs/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'Bite', privacy: 'public', location: { lat: BRAINERD.latitude, lng: BRAINERD.longitude, lake: 'Round Lake' } }),
    });
    const bite = (await shared.json()) as LogView;
    const visitor = await openPage();
    await visitor.goto(`/logs/${a.username}/${log._id}`);
    await visitor.getByText('This log does not exist, or it is not shared with you.').waitFor();
    await visitor.goto(`/logs/${a.username}`);
    const tiles = visitor.getByRole('article');
    await tiles.getByText('Round Lake').waitFor();
    expect(await tiles.count()).toBe(1);
    expect(await tiles.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await tiles.getByRole('link', { name: 'View' }).click();
    await visitor.waitForURL(`**/logs/${a.username}/${bite._id}`);
    await visitor.getByRole('heading', { name: 'Bite log' }).waitFor();
    await visitor.getByText('Moon and sun details for every log are part of a premium subscription.').waitFor();
    expect(await visitor.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await visitor.context().close();
  });

  it('refuses Create Log once the free allowance is used', async () => {
    // The allowance applies without FREEFORALL, so this runs against its own server.
    const plain = await startServer({ OPEN_METEO_URL: weather.url, OPEN_METEO_ARCHIVE_URL: weather.archiveUrl });
    try {
      const context = await browser.newContext({ baseURL: plain.baseUrl, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const a = angler();
      await page.goto('/login-register?action=signup');
      const form = page.getByRole('form', { name: 'Register' });
      await form.getByLabel('Username').fill(a.username);
      await form.getByLabel('Email').fill(a.email);
      await form.getByLabel('Password', { exact: true }).fill(a.password);
      await form.getByLabel('Confirm password').fill(a.password);
      await form.getByLabel('I am at least 13 years of age').check();
      await form.getByRole('button', { name: 'Register' }).click();
      await page.waitForURL('**/subscription');
      const token = await tokenOf(page);
      for (let i = 0; i < 5; i += 1) {
        const res = await fetch(`${plain.baseUrl}/api/logs/create`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'Draft', location: { lat: BRAINERD.latitude, lng: BRAINERD.longitude } }),
        });
        expect(res.status).toBe(201);
      }
      await page.getByRole('banner').getByRole('button', { name: 'Create Log' }).click();
      await closeDialog(page, messages.allowanceExceeded);
      // The alert comes before the form: the member stays on the page they were on (a free sign-up lands on /subscription).
      expect(new URL(page.url()).pathname).toBe('/subscription');
      await context.close();
    } finally {
      await plain.stop();
    }
  });
});
