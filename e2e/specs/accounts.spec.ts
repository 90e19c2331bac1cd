import { DEMO_ACCOUNT } from '@tightlines/core/demo';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { startServer, type RunningServer, newAngler } from '../support/server';

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

const angler = () => newAngler('e2e');

async function register(page: Page, a: ReturnType<typeof angler>) {
  await page.goto('/login-register?action=signup');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(a.username);
  await form.getByLabel('Email').fill(a.email);
  await form.getByLabel('Password', { exact: true }).fill(a.password);
  await form.getByLabel('Confirm password').fill(a.password);
  await form.getByLabel('I am at least 13 years of age').check();
  await form.getByRole('button', { name: 'Register' }).click();
}

async function login(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/\/login-register\?action=login/);
  await page.getByRole('form', { name: 'Login' }).waitFor();
}

describe('accounts in the browser', () => {
  it('registers free, lands on /subscription (seed 000 section 4), logs out and logs back in', async () => {
    const page = await newPage(browser, server.baseUrl);
    const a = angler();
    await register(page, a);
    await page.waitForURL('**/subscription');
    await page.goto('/dashboard');
    await page.getByText(`Welcome, ${a.username}`).waitFor();
    expect(await page.getByRole('button', { name: 'Create Log' }).isVisible()).toBe(true);

    await logout(page);
    await page.getByRole('link', { name: 'Register', exact: true }).waitFor();

    await login(page, a.email, 'not my password');
    await page.getByText('Your username or password was incorrect.').waitFor();

    await login(page, a.email, a.password);
    await page.waitForURL('**/dashboard');
    await page.getByText(`Welcome, ${a.username}`).waitFor();
    await page.close();
  });

  it('shows the field error the server names on a taken username', async () => {
    const page = await newPage(browser, server.baseUrl);
    const a = angler();
    await register(page, a);
    await page.waitForURL('**/subscription');
    await logout(page);
    await register(page, { ...angler(), username: a.username });
    await page.getByText('That username is already taken, please try a different email, or log in.').waitFor();
    await page.close();
  });

  it('sends a visitor to the landing page and back to the wanted page after login', async () => {
    const page = await newPage(browser, server.baseUrl);
    await page.goto('/dashboard');
    await page.waitForURL(/\/landing\?redirect=%2Fdashboard/);
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/login-register\?action=login&redirect=%2Fdashboard/);
    await login(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await page.waitForURL('**/dashboard');

    await page.goto('/trip-planner');
    await page.getByText('trip planner', { exact: true }).waitFor();
    await page.goto('/login-register?action=login');
    await page.waitForURL('**/dashboard');
    await page.close();
  });

  it('keeps a Login sent before the page’s script has run, and sends it once it runs', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 375, height: 800 });
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    // A slow phone: the islands' script (apps/web/src/islands.tsx) arrives after the visitor has typed and sent.
    let arrive = () => {};
    const held = new Promise<void>((resolve) => (arrive = resolve));
    await page.route(/\/assets\/islands-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login-register?action=login', { waitUntil: 'commit' });
    await login(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await page.getByRole('form', { name: 'Login' }).getByLabel('Email').waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/login-register?action=login`);

    arrive();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();
    // Never sent by the browser itself, which would have put the password in the address.
    expect(addresses.filter((address) => address.includes('password'))).toEqual([]);
    await page.close();
  });

  it('resets a forgotten password with the mailed code', async () => {
    const page = await newPage(browser, server.baseUrl);
    const a = angler();
    await register(page, a);
    await page.waitForURL('**/subscription');
    await logout(page);

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The login form (with its own Email field) stays on screen until the next page's code loads.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(a.email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/confirm-reset-password/**');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('An Email has been sent to you - follow the link inside of it.').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page
      .getByText('A Password Reset code has been sent to your email. Please check for it and enter your code here.')
      .waitFor();

    const mail = await server.mail.waitFor(a.email);
    const code = /reset code is: ([A-Z0-9]{13})/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
    await page.getByLabel('Code').fill(code!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/reset-password/**');

    await page.getByLabel('New password', { exact: true }).fill('a brand new one');
    await page.getByLabel('Confirm new password').fill('does not match');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('The passwords must match, currently they do not. Please update them and resubmit.').waitFor();

    await page.getByLabel('Confirm new password').fill('a brand new one');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    // the reset signs the angler in with a fresh session
    await page.waitForURL('**/dashboard');
    await logout(page);
    await login(page, a.email, 'a brand new one');
    await page.waitForURL('**/dashboard');
    await page.close();
  });

  it('renders landing and login at desktop and phone widths', async () => {
    for (const [label, width] of [
      ['desktop', 1280],
      ['phone', 375],
    ] as const) {
      const page = await newPage(browser, server.baseUrl, { width, height: 900 });
      await page.goto('/');
      await page.getByRole('heading', { name: 'Know when the fish bite.' }).waitFor();
      await screenshot(page, `landing-${label}`);
      expect(await page.getByRole('button', { name: 'Open the menu' }).isVisible()).toBe(width < 601);
      await page.goto('/login-register?action=login');
      await page.getByRole('form', { name: 'Login' }).waitFor();
      await screenshot(page, `login-${label}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
      await page.close();
    }
  });

  it("shows the landing's two videos behind their posters, loading no poster before the players come near the screen and no video until asked", async () => {
    const page = await newPage(browser, server.baseUrl);
    const videoRequests: string[] = [];
    const posterRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.webm')) videoRequests.push(r.url());
      if (r.url().endsWith('.png')) posterRequests.push(r.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // The players are below the first screen: their posters would be fetched ahead of its paint.
    expect(posterRequests).toEqual([]);
    await page.getByRole('heading', { name: 'See it on the water' }).scrollIntoViewIfNeeded();
    await page.waitForFunction(() => Array.from(document.querySelectorAll('video')).every((video) => video.hasAttribute('poster')));
    const videos = page.locator('video');
    expect(await videos.count()).toBe(2);
    for (const video of await videos.all()) {
      expect(await video.getAttribute('preload')).toBe('none');
      expect(await video.getAttribute('controls')).not.toBeNull();
      const poster = await page.request.get(new URL(await video.getAttribute('poster') ?? '', server.baseUrl).href);
      expect([poster.status(), poster.headers()['content-type']]).toEqual([200, 'image/png']);
      const file = await page.request.head(new URL(await video.getAttribute('src') ?? '', server.baseUrl).href);
      expect(file.status()).toBe(200);
    }
    expect(videoRequests).toEqual([]);
    await page.close();
  });
});
