// axe-core over every route of the web app (apps/web/src/app/router.tsx), as a visitor and signed
// in, at 1280 and 375 px: no serious or critical violation anywhere. Also the shell's own rules:
// the shut phone menu is out of the accessibility tree and the Tab order, and the account menu
// button's name holds the username it shows.
import fs from 'node:fs';
import { DEMO_ACCOUNT } from '@tightlines/core/demo';
import { DEFAULT_MUSKIE_SETTINGS } from '@tightlines/core/events/muskie';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchBrowser, screenshot } from '../support/browser';
import { newAngler, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let member: { token: string; username: string };
let ids: Record<string, string>;

const api = async <T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> => {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { 'content-type': 'application/json', ...(init.token && { authorization: `Bearer ${init.token}` }) },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const angler = newAngler('axe');
  member = await api('/api/user/register', { body: { ...angler, passwordConfirm: angler.password } });
  const place = { lat: 46.41, lng: -94.35 };
  const log = await api<{ _id: string }>('/api/logs/create', { token: member.token, body: { type: 'Catch', privacy: 'public', location: place } });
  const outing = await api<{ _id: string }>('/api/user/create-outing', {
    token: member.token,
    body: { startDate: '2025-06-01', startTime: '06:00', endDate: '2025-06-01', endTime: '09:00', location: place },
  });
  const events = await api<Array<{ _id: string; type: string }>>('/api/fc/events');
  // The muskie form's route opens a tournament that has the form, so axe sees the form itself.
  const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
  const muskie = await api<{ _id: string }>('/api/fc/event', {
    token: member.token,
    body: {
      name: 'Axe Muskie Hunt',
      type: 'Tournament',
      format: 'Biggest Fish',
      size: '12',
      cost: 0,
      state: 'WI',
      species: ['Musky'],
      keyType: 'None',
      dateStart: inDays(30),
      dateEnd: inDays(32),
      tz: 'America/Chicago',
      lakes: [{ name: 'Chippewa Flowage', location: { lat: 45.95, lng: -91.2 } }],
      paymentProcessor: 'Stripe',
      paymentProcessorKey: 'pk_test_chapter',
    },
  });
  await api(`/api/fc/event/form-settings/${muskie._id}`, { token: member.token, body: { paypalMode: 'sandbox', muskie: DEFAULT_MUSKIE_SETTINGS } });
  ids = {
    muskie: muskie._id,
    log: log._id,
    outing: outing._id,
    event: events.find((e) => e.type !== 'Series')?._id ?? 'none',
    series: events.find((e) => e.type === 'Series')?._id ?? 'none',
  };
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every path the router declares, read from its source so a new route cannot be missed here. */
function routerPaths(): { path: string; group: 'public' | 'visitor' | 'member' }[] {
  const source = fs.readFileSync(new URL('../../apps/web/src/app/router.tsx', import.meta.url), 'utf8');
  const section = (name: string) => source.slice(source.indexOf(`const ${name}: RouteObject[] = [`)).split('\n];')[0]!;
  const paths = (text: string) => [...text.matchAll(/(?:page|notYet)\('([^']+)'|path: '([^']+)'/g)].map((m) => (m[1] ?? m[2])!);
  return [
    ...paths(section('publicRoutes')).map((path) => ({ path, group: 'public' as const })),
    ...paths(section('visitorRoutes')).map((path) => ({ path, group: 'visitor' as const })),
    ...paths(section('memberRoutes')).map((path) => ({ path, group: 'member' as const })),
  ];
}

/** A visitable address for a route pattern. */
function address(pattern: string): string {
  const own = { ':id': pattern.includes('outing') ? ids.outing! : pattern.startsWith('/series') ? ids.series! : pattern.startsWith('/event/') ? ids.event! : ids.log! };
  return pattern
    .replace(':username', DEMO_ACCOUNT.username)
    .replace(':token', 'expired-link')
    .replace(':coupon', 'HALF')
    .replace(':action', 'signup')
    .replace(':eventId?', ids.muskie!)
    .replace(':id', own[':id']);
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
}

async function openAs(token: string | null, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width, height: 900 }, timezoneId: 'America/Chicago' });
  await context.route(/tile\.openstreetmap\.org|tiles\.openseamap\.org|youtube|vimeo/, (route) => route.abort());
  if (token) await context.addInitScript((t) => localStorage.setItem('tightlines.token', t), token);
  return context.newPage();
}

describe('accessibility', () => {
  it('the router has the routes this spec expects to visit', () => {
    const routes = routerPaths();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => r.path)).toContain('/dashboard');
  });

  // Each route is loaded once per role: axe runs at 1280 px, then again after the window narrows to
  // 375 px (the layout answers the resize as it answers a phone's first paint), which halves the page
  // loads of a sweep that is most of this suite's time.
  it.each([
    ['a visitor', false],
    ['a member', true],
  ] as const)('axe finds no serious or critical violation on any route at 1280 and 375 px as %s', async (_who, signedIn) => {
    const page = await openAs(signedIn ? member.token : null, 1280);
    const found: Record<string, string[]> = {};
    // A visitor on a members' route lands on /landing, a member on a visitors' route on /dashboard: both visited anyway.
    for (const { path, group } of routerPaths()) {
      if (path === '*' || (group === 'member' && !signedIn) || (group === 'visitor' && signedIn)) continue;
      const url = address(path);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(url);
      for (const width of [1280, 375]) {
        if (width !== 1280) await page.setViewportSize({ width, height: 900 });
        await settle(page);
        const violations = await seriousViolations(page);
        if (violations.length) found[`${url} @${width}`] = violations.map((v) => `${v.id}: ${v.targets.join(', ')}`);
      }
    }
    await page.context().close();
    expect(found).toEqual({});
  }, 900_000);

  it('keeps the shut phone menu out of the accessibility tree and the Tab order; the account button says the username', async () => {
    for (const width of [1280, 375]) {
      const page = await openAs(member.token, width);
      await page.goto('/dashboard');
      await settle(page);
      const menu = page.getByRole('navigation', { name: 'Mobile menu' });
      expect(await page.locator('nav[aria-label="Mobile menu"], [aria-label="Mobile menu"]').first().getAttribute('aria-hidden')).toBe('true');
      expect(await menu.count()).toBe(0);
      // Tab through the whole page: no focus ever lands inside the shut menu.
      let inMenu = 0;
      for (let i = 0; i < 60; i += 1) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => Boolean(document.activeElement?.closest('[aria-label="Mobile menu"]')))) inMenu += 1;
      }
      expect(inMenu).toBe(0);
      const button = page.getByRole('button', { name: `Account menu for ${member.username}` });
      expect(await button.count()).toBe(1);
      if (width === 375) {
        await page.getByRole('button', { name: 'Open the menu' }).click();
        await page.getByRole('link', { name: 'Fishing Data' }).last().waitFor();
        expect(await page.locator('[aria-label="Mobile menu"]').first().getAttribute('aria-hidden')).toBeNull();
        await screenshot(page, 'a11y-mobile-menu-open-375');
      } else {
        await screenshot(page, 'a11y-dashboard-1280');
      }
      await page.context().close();
    }
  }, 180_000);
});
