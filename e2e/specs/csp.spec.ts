// The Content-Security-Policy without 'unsafe-inline' in style-src: the pages' run-time <style>
// elements (Mantine's theme variables and responsive props, the modals' scroll lock) carry the
// page's nonce, and the maps' and charts' styles go through the CSSOM. A refused style fails
// silently as unstyled content, so the browser's own reports are collected over the main routes
// (visitor and member, with the map, the charts and a modal open) and must be none.
import { DEMO_ACCOUNT } from '@tightlines/core/demo';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let token: string;
let ids: { log: string; event: string };

const api = async <T>(path: string, init: { token?: string; body?: unknown } = {}): Promise<T> => {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: init.body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(init.token && { authorization: `Bearer ${init.token}` }) },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

beforeAll(async () => {
  // FREEFORALL makes every member premium: the data page's map and charts are premium.
  server = await startServer({ FEATURE_FLAGS: 'FREEFORALL' });
  browser = await launchBrowser();
  ({ token } = await api<{ token: string }>('/api/user/login', { body: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } }));
  const log = await api<{ _id: string }>('/api/logs/create', {
    token,
    body: { type: 'Catch', privacy: 'public', species: 'Walleye', location: { lat: 46.41, lng: -94.35 } },
  });
  const events = await api<Array<{ _id: string; type: string }>>('/api/fc/events');
  ids = { log: log._id, event: events.find((e) => e.type !== 'Series')!._id };
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Watched = { page: Page; context: BrowserContext; refused: string[] };

/** A page whose CSP refusals (the console's and the DOM's securitypolicyviolation events) are kept. */
async function watchedPage(signedIn: boolean, width: number): Promise<Watched> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width, height: 900 }, timezoneId: 'America/Chicago' });
  await context.route(/tile\.openstreetmap\.org|tiles\.openseamap\.org|youtube|vimeo/, (route) => route.abort());
  if (signedIn) await context.addInitScript((t) => localStorage.setItem('tightlines.token', t), token);
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`securitypolicyviolation: ${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to apply|securitypolicyviolation/i.test(text)) refused.push(`${page.url()}: ${text}`);
  });
  return { page, context, refused };
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
}

/** What the user sees when the theme's <style> was refused: none of Mantine's variables apply. */
const themeApplied = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-blue-filled').trim() !== '');

describe('content security policy', () => {
  it('refuses no style on the visitor’s pages', async () => {
    const { page, context, refused } = await watchedPage(false, 1280);
    for (const path of ['/', '/login-register?action=login', '/forecast', '/events', `/event/${ids.event}`, `/log/${ids.log}`]) {
      await page.goto(path);
      await settle(page);
      expect([path, await themeApplied(page)]).toEqual([path, true]);
    }
    await page.goto('/forecast');
    await page.getByLabel('ZIP code, or city and state').fill('56401');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await settle(page);
    await screenshot(page, 'csp-forecast-visitor');
    await context.close();
    expect(refused).toEqual([]);
  }, 300_000);

  it('refuses no style on the member’s pages, with the map, the charts and a modal open', async () => {
    const { page, context, refused } = await watchedPage(true, 1280);
    for (const path of ['/dashboard', `/event/${ids.event}`, '/forecast', '/create-log', '/account']) {
      await page.goto(path);
      await settle(page);
      expect([path, await themeApplied(page)]).toEqual([path, true]);
    }
    await page.goto(`/log/${ids.log}`);
    await page.getByRole('heading', { name: 'Catch log' }).waitFor();
    // The log's marker has its type's colour, set through the CSSOM (a style attribute is refused).
    const marker = page.locator('.leaflet-marker-icon > span').first();
    await marker.waitFor();
    expect(await marker.evaluate((span) => getComputedStyle(span).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await screenshot(page, 'csp-log');

    await page.goto('/dash-data');
    await page.getByRole('article').first().getByRole('button', { name: /^View/ }).click();
    const modal = page.getByRole('dialog', { name: 'Fishing Log' });
    await modal.getByTestId('log-coordinates').waitFor();
    await screenshot(page, 'csp-log-modal');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'Maps' }).click();
    await page.locator('.leaflet-marker-icon').first().waitFor();
    await screenshot(page, 'csp-data-map');

    await page.getByRole('tab', { name: 'Charts' }).click();
    await page.locator('canvas').nth(2).waitFor();
    await settle(page);
    await screenshot(page, 'csp-data-charts');

    await page.goto(`/event/${ids.event}`);
    await settle(page);
    await screenshot(page, 'csp-event');
    await context.close();
    expect(refused).toEqual([]);
  }, 300_000);

  it('refuses no style on a phone, with the menu open', async () => {
    const { page, context, refused } = await watchedPage(true, 375);
    await page.goto('/dashboard');
    await settle(page);
    await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByRole('navigation').filter({ has: page.getByRole('link', { name: 'Dashboard' }) }).first().waitFor();
    await screenshot(page, 'csp-dashboard-phone-menu');
    await page.goto('/dash-data');
    await settle(page);
    expect(await themeApplied(page)).toBe(true);
    await screenshot(page, 'csp-data-phone');
    await context.close();
    expect(refused).toEqual([]);
  }, 300_000);
});
