import fs from 'node:fs';
import path from 'node:path';
import { DEMO_ACCOUNT } from '@tightlines/core/demo';
import { messages } from '@tightlines/core/messages';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, newPage, screenshot } from '../support/browser';
import { startOpenMeteoStub, type OpenMeteoStub } from '../support/open-meteo-fixture';
import { startServer, type RunningServer } from '../support/server';

// One server with FREEFORALL: visitors still meet the locked panels (the flag opens premium to
// members, not to visitors), and the demo member gets the premium path without a subscription.
let weather: OpenMeteoStub;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  weather = await startOpenMeteoStub();
  server = await startServer({
    OPEN_METEO_URL: weather.url,
    OPEN_METEO_ARCHIVE_URL: weather.archiveUrl,
    FEATURE_FLAGS: 'FREEFORALL',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await weather?.close();
});

async function openContext(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 }, ...options });
  return context.newPage();
}

async function loginAsDemo(page: Page) {
  await page.goto('/login-register?action=login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(DEMO_ACCOUNT.email);
  await form.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
}

/** The result is in when the place heading and this month's calendar are on the page. */
async function waitForResult(page: Page) {
  await page.getByRole('heading', { name: 'Brainerd, MN' }).waitFor();
  await page.locator('section[aria-labelledby="lunar-calendar-title"] li[aria-current="date"]').waitFor();
}

const monthName = (offset: number) => {
  // The place's month: Brainerd is on Central time.
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + offset, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
};

describe('forecast', () => {
  it('lets a visitor search, read the weather and moon, page the calendar and download it', async () => {
    const page = await newPage(browser, server.baseUrl);
    await page.goto('/forecast');
    const field = page.getByLabel('ZIP code, or city and state');
    const searchButton = page.getByRole('button', { name: 'Search', exact: true });
    expect(await searchButton.isDisabled()).toBe(true);
    await field.fill('   ');
    expect(await searchButton.isDisabled()).toBe(true);

    await field.fill('zzqx, ZZ');
    await field.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'We could not find "zzqx, ZZ"' }).waitFor();

    await field.fill('56401');
    expect(await searchButton.isDisabled()).toBe(false);
    await field.press('Enter');
    await page.waitForURL('**/forecast?q=56401');
    await waitForResult(page);
    expect(await page.getByRole('alert').count()).toBe(0);

    const current = page.locator('section[aria-labelledby="current-weather-title"]');
    await current.getByText('71°F', { exact: true }).waitFor();
    await current.getByRole('img', { name: 'Partly cloudy' }).waitFor();
    await current.locator('p', { hasText: 'Partly cloudy' }).waitFor();
    await current.getByText('9 MPH SW').waitFor();
    await current.getByText('29.90 in').waitFor();
    await current.getByText('64%').waitFor();

    const lunarDays = page.locator('section[aria-labelledby="lunar-days-title"] article');
    expect(await lunarDays.count()).toBe(4);
    await page.getByText('7 Days', { exact: true }).click();
    expect(await lunarDays.count()).toBe(7);
    expect(await lunarDays.first().getByText('% illuminated').count()).toBe(1);

    const extended = page.locator('section[aria-labelledby="extended-title"]');
    await extended.getByText('Sign up to see the extended forecast.').waitFor();
    expect(await extended.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/login-register?action=signup');
    await page.locator('section[aria-labelledby="past-title"]').getByText('Sign up to see the past weather.').waitFor();

    const calendar = page.locator('section[aria-labelledby="lunar-calendar-title"]');
    await calendar.getByRole('heading', { name: monthName(0) }).waitFor();
    await calendar.getByRole('button', { name: 'Next month' }).click();
    await calendar.getByRole('heading', { name: monthName(1) }).waitFor();
    await calendar.getByRole('list', { name: monthName(1) }).waitFor();
    expect(await calendar.locator('li[aria-current="date"]').count()).toBe(0);
    await calendar.getByRole('button', { name: 'Previous month' }).click();
    await calendar.locator('li[aria-current="date"]').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download calendar (.ics)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tightlines-solunar.ics');
    const ics = fs.readFileSync((await download.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('Brainerd, MN');
    await page.context().close();
  });

  it('keeps the search in the address so a reload shows the same place', async () => {
    const page = await newPage(browser, server.baseUrl);
    await page.goto('/forecast?q=Brainerd%2C%20MN');
    await waitForResult(page);
    expect(await page.getByLabel('ZIP code, or city and state').inputValue()).toBe('Brainerd, MN');
    await page.reload();
    await waitForResult(page);
    await page.context().close();
  });

  it('gives a premium member the extended forecast, the hourly charts and past weather', async () => {
    // Reduced motion draws the charts at once, so the screenshot shows them whole.
    const page = await openContext({ reducedMotion: 'reduce' });
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/')) chunks.push(request.url());
    });
    await loginAsDemo(page);
    await page.goto('/forecast');
    await page.getByLabel('ZIP code, or city and state').fill('56401');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await waitForResult(page);

    const saved = page.getByRole('group', { name: 'Saved searches' });
    await saved.getByRole('button', { name: '56401', exact: true }).waitFor();

    const past = page.locator('section[aria-labelledby="past-title"]');
    const pastDays = past.getByText(/^\d+° \/ \d+°F$/);
    await pastDays.first().waitFor();
    expect(await pastDays.count()).toBe(7);

    const days = page.getByRole('button', { name: /^Hourly forecast for / });
    expect(await days.count()).toBe(7);
    await screenshot(page, 'forecast-premium');
    expect(chunks.some((url) => url.includes('hourly-charts'))).toBe(false);
    await days.nth(1).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/^Hourly forecast · Brainerd, MN · /).waitFor();
    await dialog.locator('canvas').first().waitFor();
    expect(await dialog.locator('canvas').count()).toBe(3);
    expect(chunks.some((url) => url.includes('hourly-charts'))).toBe(true);
    await dialog.screenshot({ path: path.join(ARTIFACTS_DIR, 'forecast-hourly.png') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await saved.getByRole('button', { name: 'Remove saved search 56401' }).click();
    await saved.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('still shows the moon and sun when the weather service is down', async () => {
    weather.failWith = 503;
    try {
      const page = await newPage(browser, server.baseUrl);
      // A place no other test asked for, so the server has no weather of it cached.
      await page.goto('/forecast?q=Minneapolis%2C%20MN');
      await page.getByRole('heading', { name: 'Minneapolis, MN' }).waitFor();
      const notice = page.getByRole('status').filter({ hasText: 'Weather is unavailable right now (' });
      await notice.waitFor();
      expect(await notice.innerText()).toContain(
        '). The moon and sun times below are computed by Tightlines and still accurate.',
      );
      expect(await page.locator('section[aria-labelledby="lunar-days-title"] article').count()).toBe(4);
      await page.locator('section[aria-labelledby="lunar-calendar-title"] li[aria-current="date"]').waitFor();
      await page.context().close();
    } finally {
      weather.failWith = null;
    }
  });

  it('renders a result at desktop, tablet and phone widths', async () => {
    for (const [label, width] of [
      ['desktop', 1280],
      ['tablet', 768],
      ['phone', 375],
    ] as const) {
      const page = await newPage(browser, server.baseUrl, { width, height: 900 });
      await page.goto('/forecast?q=56401');
      await waitForResult(page);
      await page.getByText('Sign up to see the extended forecast.').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `forecast-${label}`);
      await page.context().close();
    }
  });
});

describe('dashboard widgets', () => {
  it('shows the weather and the moon where the member is', async () => {
    const page = await openContext({ permissions: ['geolocation'], geolocation: { latitude: 46.35, longitude: -94.2 } });
    await loginAsDemo(page);
    const weatherCard = page.getByRole('region', { name: 'Weather' });
    await weatherCard.getByRole('img', { name: 'Partly cloudy' }).waitFor();
    const readings = await weatherCard.innerText();
    for (const text of ['71°F', 'Partly cloudy', 'High', 'Low', '9 MPH SW', '29.90 in']) expect(readings).toContain(text);
    const lunar = page.getByRole('region', { name: 'Lunar' });
    await lunar.getByText('% illuminated').waitFor();
    await lunar.getByText('Moon above').waitFor();
    expect(await lunar.getByText(/^(\d{2}:\d{2} [AP]M|-)$/).count()).toBe(6);
    expect(await page.getByText(messages.geolocationDisabled).count()).toBe(0);
    await page.getByText('Your Stats').waitFor();
    await screenshot(page, 'dashboard-widgets');
    await page.context().close();
  });

  it('warns when the browser gives no position, and shows the weather of the member’s last place', async () => {
    const page = await openContext();
    await page.context().clearPermissions();
    await loginAsDemo(page);
    await page.getByText(messages.geolocationDisabled).waitFor();
    // The demo angler has logs: the fallback is the place of the latest one.
    await page.getByTestId('approximate-place').getByText(/^Showing the place of your last log/).waitFor();
    await page.getByRole('region', { name: 'Weather' }).getByRole('img', { name: 'Partly cloudy' }).waitFor();
    await page.getByRole('region', { name: 'Lunar' }).getByText('Moon above').waitFor();
    await screenshot(page, 'dashboard-geolocation-fallback');
    await page.context().close();
  });

  it('asks a new member with no known place to search for it', async () => {
    const page = await openContext({ viewport: { width: 375, height: 800 } });
    await page.context().clearPermissions();
    const name = `nowhere${Date.now()}`;
    await page.goto('/login-register?action=signup');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Username').fill(name);
    await form.getByLabel('Email').fill(`${name}@example.com`);
    await form.getByLabel('Password', { exact: true }).fill('correct horse 42');
    await form.getByLabel('Confirm password').fill('correct horse 42');
    await form.getByLabel('I am at least 13 years of age').check();
    await form.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(/\/(dashboard|subscription)/);
    await page.goto('/dashboard');
    await page.getByText(messages.geolocationUnavailable).waitFor();
    await page.getByLabel('ZIP code, or city and state').fill('56401');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('approximate-place').getByText(/^Showing the place you searched for/).waitFor();
    await page.getByRole('region', { name: 'Weather' }).getByRole('img', { name: 'Partly cloudy' }).waitFor();
    await screenshot(page, 'dashboard-place-search-375');
    await page.context().close();
  });
});
