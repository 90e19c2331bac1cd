// Records the landing page's two videos from the app itself: creating a log on the demo account,
// and the forecast with its solunar calendar. Each is a 1280×720 WebM of under 20 s (Chromium's
// screencast, encoded to VP8 by the system's ffmpeg) plus a poster PNG, written to
// apps/web/public/videos/.
// Run it against a running app with demo data: `BASE_URL=http://localhost:3000 node scripts/record-landing-videos.mjs`.
// See docs/operations.md ("Landing videos").
import { mkdir, mkdtemp, readFile, rename, rm, stat, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps/web/public/videos');
const SIZE = { width: 1280, height: 720 };
const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const DEMO = { email: 'demo@tightlines.app', password: 'tightlines-demo' };
/** A pause that lets a viewer follow what just happened. */
const beat = (page, ms = 900) => page.waitForTimeout(ms);

async function demoToken() {
  const answer = await fetch(`${BASE_URL}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!answer.ok) throw new Error(`The demo login failed (${answer.status}): is the app running with DEMO_DATA=on at ${BASE_URL}?`);
  return (await answer.json()).token;
}

/** Types like a person, so the video shows the words arriving. */
async function type(locator, text) {
  await locator.click();
  await locator.pressSequentially(text, { delay: 25 });
}

async function createLog(page, poster) {
  await page.goto(`${BASE_URL}/create-log`);
  const form = page.getByRole('form', { name: 'Create log' });
  const map = form.getByRole('region', { name: "Map: click to set the log's location" });
  await map.waitFor();
  await page.getByText('Loading the map…').waitFor({ state: 'detached' });
  await beat(page, 500);
  await map.click();
  await beat(page, 500);
  await type(form.getByRole('combobox', { name: 'Lake', exact: true }), 'Gull Lake');
  await page.keyboard.press('Escape');
  await form.getByRole('tab', { name: 'Fish' }).click();
  await type(form.getByLabel('Species'), 'Walleye');
  await type(form.getByLabel('Length (in)', { exact: true }), '24.5');
  await form.getByRole('tab', { name: 'Lure' }).click();
  await type(form.getByLabel('Lure category'), 'Jig');
  await page.keyboard.press('Escape');
  await type(form.getByLabel('Primary colour'), 'Chartreuse');
  await page.screenshot({ path: poster });
  await beat(page, 600);
  await form.getByRole('button', { name: 'Create Log' }).click();
  await page.getByRole('dialog').getByText('Your log was created.').waitFor();
  await beat(page, 1000);
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await page.waitForURL('**/dash-data');
  await beat(page, 1200);
}

async function forecast(page, poster) {
  await page.goto(`${BASE_URL}/forecast`);
  await beat(page);
  await type(page.getByLabel('ZIP code, or city and state'), 'Brainerd, MN');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Brainerd, MN' }).waitFor();
  await beat(page, 1800);
  const calendar = page.locator('section[aria-labelledby="lunar-calendar-title"]');
  await calendar.locator('li[aria-current="date"]').waitFor();
  await calendar.scrollIntoViewIfNeeded();
  await page.screenshot({ path: poster });
  await beat(page, 2200);
  await calendar.getByRole('button', { name: 'Next month' }).click();
  await beat(page, 2000);
  await calendar.getByRole('button', { name: 'Previous month' }).click();
  await beat(page, 2000);
}

/** Records one scene; the scene takes the poster at its most telling moment. */
async function record(browser, name, token, scene) {
  const dir = await mkdtemp(path.join(tmpdir(), 'tightlines-video-'));
  const context = await browser.newContext({ viewport: SIZE, recordVideo: { dir, size: SIZE } });
  await context.addInitScript((value) => localStorage.setItem('tightlines.token', value), token);
  const page = await context.newPage();
  try {
    await scene(page, path.join(OUT, `${name}.png`));
  } finally {
    await context.close();
  }
  await rename(await page.video().path(), path.join(OUT, `${name}.webm`));
  await rm(dir, { recursive: true, force: true });
  for (const ext of ['webm', 'png']) {
    const { size } = await stat(path.join(OUT, `${name}.${ext}`));
    console.log(`${name}.${ext}: ${(size / 1024).toFixed(0)} KiB`);
  }
}

/**
 * Playwright records through its own ffmpeg build, which it downloads; Debian's ffmpeg does the same
 * job offline. It is put where Playwright looks (a browsers folder of our own) before it loads.
 */
async function useSystemFfmpeg() {
  const packageRoot = path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const { browsers } = JSON.parse(await readFile(path.join(packageRoot, 'browsers.json'), 'utf8'));
  const { revision } = browsers.find((b) => b.name === 'ffmpeg');
  const folder = await mkdtemp(path.join(tmpdir(), 'tightlines-playwright-'));
  await mkdir(path.join(folder, `ffmpeg-${revision}`));
  await symlink(FFMPEG, path.join(folder, `ffmpeg-${revision}`, 'ffmpeg-linux'));
  process.env.PLAYWRIGHT_BROWSERS_PATH = folder;
  return folder;
}

const browsersFolder = await useSystemFfmpeg();
const { chromium } = await import('playwright-core');
const token = await demoToken();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  await record(browser, 'create-a-log', token, createLog);
  await record(browser, 'forecast-and-calendar', token, forecast);
} finally {
  await browser.close();
  await rm(browsersFolder, { recursive: true, force: true });
}
