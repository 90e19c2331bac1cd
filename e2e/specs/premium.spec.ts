import { DEMO_ACCOUNT } from '@tightlines/core/demo';
import { PREMIUM_LOCKS } from '@tightlines/core/accounts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser';
import { startOpenMeteoStub, type OpenMeteoStub } from '../support/open-meteo-fixture';
import { startServer, type RunningServer } from '../support/server';

// No FREEFORALL here: the demo angler is a free member with a season of logs. (Premium members'
// maps and charts are the analysis spec's, on a FREEFORALL server.)
let weather: OpenMeteoStub;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  weather = await startOpenMeteoStub();
  server = await startServer({ OPEN_METEO_URL: weather.url, OPEN_METEO_ARCHIVE_URL: weather.archiveUrl });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await weather?.close();
});

async function demoPage(width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login-register?action=login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(DEMO_ACCOUNT.email);
  await form.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
  return page;
}

describe('a free member on the data page', () => {
  it('sees locked Map and Charts panels that name what they lock, with the way to a subscription', async () => {
    const page = await demoPage(1280);
    const markerCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/user\/logs\/(markers|charts)/.test(r.url())) markerCalls.push(r.url());
    });
    await page.goto('/dash-data');
    const map = page.getByRole('region', { name: 'Map of your logs (locked)' });
    await map.getByText(PREMIUM_LOCKS.map).waitFor();
    expect(await map.getByRole('link', { name: 'Go Premium' }).getAttribute('href')).toBe('/subscription');
    await screenshot(page, 'data-page-locked-map-1280');
    await page.getByRole('tab', { name: 'Charts' }).click();
    await page.getByRole('region', { name: 'Charts of your logs (locked)' }).getByText(PREMIUM_LOCKS.charts).waitFor();
    expect(markerCalls).toEqual([]);
    // The list carries no ratings: the server left the lunar details out.
    expect(await page.getByRole('img', { name: /^Rating:/ }).count()).toBe(0);
    await page.context().close();
  });

  it('sees the same locks on a phone', async () => {
    const page = await demoPage(375);
    await page.goto('/dash-data');
    await page.getByText('Visual', { exact: true }).click();
    await page.getByText(PREMIUM_LOCKS.map).waitFor();
    await screenshot(page, 'data-page-locked-map-375');
    await page.context().close();
  });
});
