import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

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

describe('smoke', () => {
  it('answers the health check', async () => {
    const res = await fetch(`${server.baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown API path with a 404 in JSON, not the app page', async () => {
    const res = await fetch(`${server.baseUrl}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: expect.stringContaining('/api/no-such-thing') });
  });

  it('serves the app page for a deep link (history mode)', async () => {
    const res = await fetch(`${server.baseUrl}/forecast`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<script[^>]+type="module"/);
    const other = await fetch(`${server.baseUrl}/about`);
    // The same page; only each answer's CSP nonce differs.
    const withoutNonce = (page: string) => page.replace(/nonce="[^"]*"/g, 'nonce=""');
    expect(withoutNonce(html)).toBe(withoutNonce(await other.text()));
    // The landing is that page with a visitor's screen already in it (apps/web/scripts/prerender.mjs).
    const home = await (await fetch(`${server.baseUrl}/`)).text();
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)![1]!;
    expect([home.includes('data-prerendered'), home.includes(entry), home.includes('Know when the fish bite.')]).toEqual([true, true, true]);
  });

  it('opens the home page in the browser', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 1280, height: 800 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);
      expect(await page.title()).toContain('Tightlines');
      await screenshot(page, 'smoke-home');
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
