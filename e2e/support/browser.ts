// Headless Chromium for end-to-end specs: playwright-core driving Debian's /usr/bin/chromium
// (scripts/ensure-chromium.mjs installs it), so nothing is downloaded at test time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts/', import.meta.url));

export function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: run \`node scripts/ensure-chromium.mjs\` (or sudo apt-get install chromium).`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page in its own context (own cookies and storage), with relative URLs resolved against baseUrl. */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  return context.newPage();
}

/** Saves a full-page PNG to e2e/artifacts/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
