import type { LogView } from '@tightlines/core/logs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser';
import { startOpenMeteoStub, type OpenMeteoStub } from '../support/open-meteo-fixture';
import { startServer, type RunningServer } from '../support/server';

// FREEFORALL makes every member premium: ratings in the list, the Lunar tab and marine charts.
let weather: OpenMeteoStub;
let server: RunningServer;
let browser: Browser;

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
});

const ZONE = 'America/Chicago';
const GULL_LAKE = { lat: 46.412, lng: -94.355 };
const MINUTE = 60_000;

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

async function registerAngler(): Promise<string> {
  const id = `data${Date.now().toString(36)}`;
  const user = await call<{ token: string }>('POST', '/api/user/register', null, {
    username: id,
    email: `${id}@example.com`,
    password: 'tight lines 2026',
    passwordConfirm: 'tight lines 2026',
  });
  return user.token;
}

/** Five logs in the last few hours around Gull Lake: three catches, a bite and a follow. */
async function createLogs(token: string, now: number): Promise<LogView[]> {
  const plan = [
    { type: 'Catch', minutesAgo: 200, species: 'Walleye', length: 24.5, lure: 'Jig' },
    { type: 'Bite', minutesAgo: 170 },
    { type: 'Catch', minutesAgo: 140, species: 'Northern Pike', length: 31, lure: 'Spinnerbait' },
    { type: 'Follow', minutesAgo: 100 },
    { type: 'Catch', minutesAgo: 60, species: 'Walleye', length: 19, lure: 'Jig' },
  ];
  const created: LogView[] = [];
  for (const [i, p] of plan.entries()) {
    created.push(
      await call<LogView>('POST', '/api/logs/create', token, {
        type: p.type,
        date: new Date(now - p.minutesAgo * MINUTE).toISOString(),
        location: { lat: GULL_LAKE.lat + i * 0.01, lng: GULL_LAKE.lng - i * 0.01, lake: 'Gull Lake', state: 'MN' },
        fish: { species: p.species ?? null, length: p.length ?? null },
        lure: { category: p.lure ?? null, colorPrimary: p.lure ? 'Chartreuse' : null },
      }),
    );
  }
  return created;
}

/** The wall clock at the lake, as the backdate panel takes it. */
function lakeClock(ms: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return { typed: `${parts.month}/${parts.day}/${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

/** A signed-in page at the lake, in its time zone, that never waits on map tiles from the internet. */
async function openPage(token: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    baseURL: server.baseUrl,
    viewport,
    timezoneId: ZONE,
    permissions: ['geolocation'],
    geolocation: { latitude: GULL_LAKE.lat, longitude: GULL_LAKE.lng },
  });
  await context.route(/tile\.openstreetmap\.org|tiles\.openseamap\.org/, (route) => route.abort());
  await context.addInitScript((t) => localStorage.setItem('tightlines.token', t), token);
  return context.newPage();
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

const total = (page: Page, text: string) => page.getByTestId('log-total').filter({ hasText: new RegExp(`^${text}$`) }).waitFor();

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

// The steps below build on each other (one angler, one page), in order.
let now: number;
let token: string;
let page: Page;
let outingUrl: string;
let span: { from: ReturnType<typeof lakeClock>; to: ReturnType<typeof lakeClock> };

describe('the data page and outings in the browser', () => {
  it('lists, filters and opens logs', async () => {
    now = Date.now();
    token = await registerAngler();
    const logs = await createLogs(token, now);
    expect(logs.every((l) => l.lunar !== null)).toBe(true);

    page = await openPage(token);
    await page.goto('/dash-data');
    await total(page, '5 logs');
    // Premium members see each log's rating.
    expect(await page.getByRole('article').first().getByRole('img', { name: /^Rating: / }).count()).toBe(1);

    // Type Catch: three of the five; the filter is in the address, so a reload keeps it.
    await pickOption(page, 'Log type', 'Catch');
    await page.getByRole('button', { name: 'Apply' }).click();
    await total(page, '3 logs');
    expect(new URL(page.url()).searchParams.get('type')).toBe('Catch');
    await page.reload();
    await total(page, '3 logs');
    expect(await page.getByRole('article').count()).toBe(3);

    // An end date without a start date cannot be applied, and the bar says why.
    await page.getByRole('textbox', { name: 'End date' }).fill(lakeClock(now).typed);
    await page.getByText('Pick a start date to go with the end date.').waitFor();
    expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'End date' }).clear();

    // The log modal: coordinates to three decimals, and the Lunar tab open to premium members.
    await page.getByRole('article').first().getByRole('button', { name: /^View/ }).click();
    const modal = page.getByRole('dialog', { name: 'Fishing Log' });
    await modal.getByTestId('log-coordinates').filter({ hasText: /^\d+\.\d{3}, -\d+\.\d{3}$/ }).waitFor();
    await modal.getByRole('tab', { name: 'Lunar' }).click();
    await modal.getByText('Moon phase').waitFor();
    await modal.getByText('Congratulations').waitFor();
    await modal.getByRole('link', { name: 'Edit' }).waitFor();
    await screenshot(page, 'log-modal-desktop');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'hidden' });
  });

  it('shows maps and charts, and deletes the selected logs', async () => {
    // Maps: Leaflet with a marker (or cluster) per log of the filter.
    await page.locator('.leaflet-container').waitFor();
    await page.locator('.leaflet-marker-icon').first().waitFor();
    await page.getByText('3 logs on the map').waitFor();
    await page.getByRole('button', { name: 'Marine charts' }).waitFor();

    // Charts: chart.js draws on canvases, loaded when the tab opens.
    await page.getByRole('tab', { name: 'Charts' }).click();
    await page.locator('canvas').nth(2).waitFor();
    expect(await page.locator('canvas').count()).toBe(3);
    await screenshot(page, 'dash-data-charts');

    // Clear the filters, then delete one log through the selection.
    await page.getByRole('button', { name: 'Clear all' }).click();
    await total(page, '5 logs');
    await page.getByRole('tab', { name: 'Maps' }).click();
    await page.locator('.leaflet-marker-icon').first().waitFor();
    await screenshot(page, 'dash-data-desktop');
    await noSideways(page);
    const bite = page.getByRole('article', { name: /^Bite log/ });
    await bite.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete Selected (1)' }).click();
    await page.getByRole('dialog', { name: 'Delete the selected logs?' }).getByRole('button', { name: 'Delete' }).click();
    await total(page, '4 logs');
  });

  it('creates a backdated outing and shows it', async () => {
    // An outing backdated over the last four hours gathers the four remaining logs.
    await page.goto('/create-outing');
    await page.getByRole('button', { name: 'Backdate an Outing' }).click();
    const form = page.getByRole('form', { name: 'Backdate an Outing' });
    await form.getByRole('region', { name: "Map: click to set the outing's location" }).waitFor();
    await page.getByText('Loading the map…').waitFor({ state: 'detached' });
    await form.getByRole('region', { name: "Map: click to set the outing's location" }).click({ position: { x: 200, y: 120 } });
    await form.getByTestId('outing-location').filter({ hasText: /^\d+\.\d{3}, -\d+\.\d{3}$/ }).waitFor();
    await screenshot(page, 'create-outing-desktop');
    span = { from: lakeClock(now - 240 * MINUTE), to: lakeClock(now - 30 * MINUTE) };
    await form.getByRole('textbox', { name: 'Start date' }).fill(span.from.typed);
    await form.getByLabel('Start time (HH:mm)').fill(span.from.time);
    await form.getByRole('textbox', { name: 'End date' }).fill(span.to.typed);
    await form.getByLabel('End time (HH:mm)').fill(span.to.time);
    await form.getByRole('button', { name: 'Create' }).click();
    await closeDialog(page, 'Your outing was created.');
    await page.waitForURL('**/dashboard');

    // Found on the data page by its type; it opens its own page, not the modal.
    await page.goto('/dash-data?type=Outing');
    await total(page, '1 log');
    await page.getByRole('article').first().getByRole('button', { name: /^View/ }).click();
    await page.waitForURL(/\/view-outing\/[0-9a-f-]+$/);
    await page.getByText('Total Logs').waitFor();
    const stats = page.getByText('Total Logs').locator('xpath=..');
    await stats.getByText('4', { exact: true }).waitFor();
    await page.getByText(/^\d{1,2} [AP]M – \d{1,2} [AP]M · \d+ logs?$/).waitFor();
    await page.getByRole('heading', { level: 1, name: /^[A-Z][a-z]+ \d{2}, \d{4}$/ }).waitFor();

    // The timeline: one log's info at a time.
    const dots = page.getByRole('group', { name: "Timeline of the outing's logs" }).getByRole('button');
    expect(await dots.count()).toBe(4);
    await dots.nth(0).click();
    const info = page.getByRole('region', { name: / log at \d{2}:\d{2} [AP]M$/ });
    await info.filter({ hasText: 'Walleye' }).waitFor();
    await dots.nth(1).click();
    await info.filter({ hasText: 'Northern Pike' }).waitFor();
    expect(await info.count()).toBe(1);
    await info.getByRole('button', { name: 'View Log' }).click();
    await page.getByRole('dialog', { name: 'Fishing Log' }).getByTestId('log-coordinates').waitFor();
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('dialog', { name: 'Fishing Log' }).waitFor({ state: 'hidden' });
    await screenshot(page, 'view-outing-desktop');
    await noSideways(page);
    outingUrl = page.url();
    await page.getByRole('tab', { name: 'Maps' }).click();
    await page.getByRole('region', { name: "Map of the outing's logs" }).locator('.leaflet-marker-icon').first().waitFor();
  });

  it('edits, ends and deletes outings', async () => {
    // Edit: the form holds the span on the lake's clock; Update goes back to the outing.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL('**/edit-outing/**');
    const edit = page.getByRole('form', { name: 'Edit Outing' });
    expect(await edit.getByLabel('Start time (HH:mm)').inputValue()).toBe(span.from.time);
    expect(await edit.getByLabel('End time (HH:mm)').inputValue()).toBe(span.to.time);
    await edit.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL(outingUrl);
    await page.getByText('Total Logs').waitFor();

    // An outing started now runs until it is ended; then it can be deleted.
    await page.goto('/create-outing');
    await page.getByRole('button', { name: 'Start Fishing Outing' }).click();
    await closeDialog(page, 'Your outing has started. Logs you create from now on join it.');
    await page.waitForURL('**/dashboard');
    await page.goto('/dash-data?type=Outing');
    await total(page, '2 logs');
    await page.getByRole('article').first().getByRole('button', { name: /^View/ }).click();
    await page.getByText('In progress').waitFor();
    await page.getByRole('button', { name: 'End Outing' }).click();
    await page.getByText('In progress').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('form', { name: 'Edit Outing' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this outing?' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('lays the pages out for phones', async () => {
    // Phones: a List / Visual toggle on the data page; the outing's panels start collapsed.
    const phone = await openPage(token, { width: 390, height: 844 });
    await phone.goto('/dash-data');
    await total(phone, '5 logs');
    await phone.getByText('Visual').waitFor();
    await screenshot(phone, 'dash-data-phone');
    await noSideways(phone);
    await phone.getByRole('article').first().getByRole('button', { name: /^View/ }).click();
    await phone.getByRole('dialog', { name: 'Fishing Log' }).getByTestId('log-coordinates').waitFor();
    await phone.getByText('Loading the map…').waitFor({ state: 'detached' });
    // Let the modal's opening transition finish before the picture.
    await phone.waitForFunction(() => Array.from(document.querySelectorAll('.mantine-Modal-content')).every((el) => getComputedStyle(el).opacity === '1'));
    await screenshot(phone, 'log-modal-phone');
    await phone.getByRole('button', { name: 'Close', exact: true }).click();
    await phone.getByText('Visual').click();
    await phone.locator('.leaflet-container').waitFor();
    await screenshot(phone, 'dash-data-phone-visual');
    await noSideways(phone);
    await phone.goto(outingUrl);
    await phone.getByText('Total Logs').waitFor();
    expect(await phone.getByRole('button', { name: 'Weather Data' }).getAttribute('aria-expanded')).toBe('false');
    await screenshot(phone, 'view-outing-phone');
    await noSideways(phone);
  });

  it('asks for a location before creating an outing', async () => {
    const token = await registerAngler();
    const context = await browser.newContext({ baseURL: server.baseUrl, timezoneId: ZONE });
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await context.addInitScript((t) => localStorage.setItem('tightlines.token', t), token);
    const page = await context.newPage();
    await page.goto('/dash-data');
    await page.getByText('You have no logs yet').waitFor();
    // Create Log here asks the allowance first, as the header's does: a button, not a link.
    await page.getByRole('main').getByRole('button', { name: 'Create Log' }).waitFor();

    await page.goto('/create-outing');
    await page.getByRole('button', { name: 'Backdate an Outing' }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await closeDialog(page, 'A location is required to create an Outing');
  });
});
