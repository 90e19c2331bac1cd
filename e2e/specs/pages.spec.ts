import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_ACCOUNT } from '@tightlines/core/demo';
import { messages } from '@tightlines/core/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

const CLIENT = 'tightlines-e2e-assistant';
const PHONE = { width: 375, height: 800 };

let server: RunningServer;
let browser: Browser;
/** The assistant platform's redirect endpoint: a page on loopback that the flow must land on. */
let platform: Server;
let redirectUri: string;

beforeAll(async () => {
  platform = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Assistant platform</title><p>Linked</p>');
  });
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
  redirectUri = `http://127.0.0.1:${(platform.address() as AddressInfo).port}/oauth/callback`;
  server = await startServer({ GOOGLE_ACTIONS_CLIENT_ID: CLIENT, GOOGLE_ACTIONS_REDIRECT_URIS: redirectUri, FEATURE_FLAGS: 'FREEFORALL' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => platform?.close(resolve));
});

async function login(page: Page) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(DEMO_ACCOUNT.email);
  await form.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
  await form.getByRole('button', { name: 'Login' }).click();
}

const PAGES = [
  ['/faq', 'Frequently asked questions'],
  ['/about', 'About us'],
  ['/contact', 'Contact us'],
  ['/newsletter', 'Newsletter'],
  ['/assistant', 'Voice assistant'],
  ['/ambassador-program', 'Ambassador program'],
  ['/quick-start', 'Quick start'],
  ['/privacy', 'Privacy policy and terms'],
  ['/keyes-contest', 'Fishing contest'],
  ['/app-info', 'Get the app'],
  ['/styleguide', 'Style guide'],
] as const;

describe('the information pages', () => {
  it('are real pages with a title, at 1280 and 375 px, without serious axe violations', async () => {
    const found: Record<string, string[]> = {};
    for (const viewport of [undefined, PHONE]) {
      const page = await newPage(browser, server.baseUrl, viewport);
      for (const [path, title] of PAGES) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        expect(await page.getByText(messages.notAvailableYet).count()).toBe(0);
        expect(await page.title()).toBe(`${title} · Tightlines`);
        await screenshot(page, `pages${path.replaceAll('/', '-')}-${viewport ? 375 : 1280}`);
        const violations = await seriousViolations(page);
        if (violations.length) found[`${path} @${viewport ? 375 : 1280}`] = violations.map((v) => `${v.id}: ${v.targets.join(', ')}`);
      }
      await page.close();
    }
    expect(found).toEqual({});
  });

  it('serves robots.txt and the sitemap as files, and /ambassador goes to the programme', async () => {
    const robots = await fetch(`${server.baseUrl}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain('Sitemap:');
    const page = await newPage(browser, server.baseUrl);
    await page.goto('/ambassador');
    await page.waitForURL('**/ambassador-program');
    await page.close();
  });
});

describe('forms', () => {
  it('sends an ambassador application with the seed’s rules and messages', async () => {
    const page = await newPage(browser, server.baseUrl, PHONE);
    await page.goto('/ambassador-program');
    await page.getByText('No ambassadors are listed yet.').waitFor();
    const form = page.getByRole('form', { name: 'Ambassador application' });
    const submit = form.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('Your name').fill('Jord');
    await form.getByLabel('Your email').fill('jordan@example.com');
    await form.getByLabel('Your age').fill('17');
    await form.getByLabel('Occupation').fill('Guide');
    await form.getByLabel(/^Bait question/).fill('walleye');
    await form.getByLabel(/I agree/).check();
    await submit.click();
    await form.getByText(messages.ambassadorName).waitFor();
    await form.getByText(messages.ambassadorAdult).waitFor();
    await form.getByText(messages.ambassadorAnswer).waitFor();
    await screenshot(page, 'pages-ambassador-errors-375');
    await form.getByLabel('Your name').fill('Jordan Walleye');
    await form.getByLabel('Your age').fill('34');
    await form.getByLabel(/^Bait question/).fill('Perch');
    await submit.click();
    await page.getByRole('dialog').getByText(messages.ambassadorReceived).waitFor();
    const mail = await server.mail.waitFor('team@tightlines.local');
    expect(mail.subject).toBe('Ambassador application: Jordan Walleye');
    await page.close();
  });

  it('mails the contact form to the team, and a visitor’s newsletter sign-up asks to confirm by mail', async () => {
    const page = await newPage(browser, server.baseUrl);
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('Your name').fill('Pat');
    await form.getByLabel('Your email').fill('pat@example.com');
    await form.getByLabel('Message').fill('Where is the ice report?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Message sent').waitFor();
    expect((await server.mail.waitFor('team@tightlines.local', (m) => m.subject.startsWith('Contact'))).text).toContain('Where is the ice report?');

    await page.goto('/newsletter');
    const signUp = page.getByRole('form', { name: 'Newsletter sign-up' }).first();
    await signUp.getByLabel('Your email').fill('reader@example.com');
    await signUp.getByRole('button', { name: 'Subscribe' }).click();
    await signUp.getByText(/Follow the link inside it/).waitFor();
    const mail = await server.mail.waitFor('reader@example.com');
    const link = /(\/newsletter\?confirm=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    await page.goto(link!);
    await page.getByText('You are subscribed to the Tightlines newsletter.').waitFor();
    await screenshot(page, 'pages-newsletter-confirmed-1280');
    await page.close();
  });
});

describe('the voice assistant', () => {
  it('links through the google-actions login: the browser lands on the redirect with the token, bearer and state in the fragment', async () => {
    const page = await newPage(browser, server.baseUrl, PHONE);
    const query = new URLSearchParams({ client_id: CLIENT, redirect_uri: redirectUri, state: 'st-42', response_type: 'token' });
    await page.goto(`/login-register?action=google-actions&${query.toString()}`);
    await page.waitForURL('**/login-register/google-actions?**');
    await page.getByRole('heading', { name: 'Link your voice assistant' }).waitFor();
    await screenshot(page, 'pages-assistant-link-375');
    await login(page);
    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    const fragment = new URLSearchParams(new URL(page.url()).hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('state')).toBe('st-42');
    const token = fragment.get('access_token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The token logs a catch through the fulfillment webhook (Alexa's request JSON) ...
    const answer = await fetch(`${server.baseUrl}/api/assistant/fulfillment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        version: '1.0',
        context: { System: { user: { accessToken: token } }, Geolocation: { coordinate: { latitudeInDegrees: 46.23, longitudeInDegrees: -93.65 } } },
        request: { type: 'IntentRequest', intent: { name: 'LogCatch', slots: { species: { name: 'species', value: 'muskellunge' }, length: { name: 'length', value: '47' }, lure: { name: 'lure', value: 'bucktail' } } } },
      }),
    });
    expect((await answer.json()).response.outputSpeech.text).toMatch(/^Logged a 47 inch Muskellunge on a bucktail/);

    // ... which the member finds on the data page.
    await page.goto(`${server.baseUrl}/dash-data`);
    await page.getByText(/Muskellunge/).first().waitFor();

    // A member already signed in goes straight on to the redirect.
    await page.goto(`${server.baseUrl}/login-register/google-actions?${query.toString()}`);
    await page.waitForURL((url) => url.href.startsWith(redirectUri));
    await page.close();
  });

  it('sends a wrong client_id, or a redirect not on the list, to /', async () => {
    const page = await newPage(browser, server.baseUrl);
    await page.goto(`/login-register/google-actions?client_id=someone-else&redirect_uri=${encodeURIComponent(redirectUri)}&state=x`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`/login-register/google-actions?client_id=${CLIENT}&redirect_uri=${encodeURIComponent('https://evil.example.com/cb')}`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.close();
  });
});
