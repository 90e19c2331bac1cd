// The audit's Low findings that a request can show, from the attacker's side.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';
import { registerUser, uploadPhoto } from '@tightlines/testkit/fixtures';
import { HARNESS_SETTINGS } from '@tightlines/testkit/settings';
import { loadConfig } from '../src/config';
import { registerPlugins } from '../src/http/plugins';
import { CSP_NONCE_PLACEHOLDER, registerWeb } from '../src/http/web';
import { NUL_REFUSED } from '../src/http/input-guard';
import { NOT_YOUR_PHOTO } from '../src/modules/logs/service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PLACE = { lat: 46.41, lng: -94.35 };

describe('input the database cannot hold', () => {
  it('answers NUL characters, impossible dates and years out of range with 400 and a message', async () => {
    const member = await registerUser(t);
    const create = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/logs/create', token: member.token, payload });
    const nul = await create({ type: 'Catch', notes: 'a\u0000b', location: PLACE });
    expect([nul.statusCode, nul.json().error]).toEqual([400, NUL_REFUSED]);
    expect((await t.request({ method: 'GET', url: '/api/visitor/logs/a%00b' })).statusCode).toBe(400);
    for (const date of ['2025-02-30T06:00:00', '0000-01-01T00:00:00Z', '1492-10-12T06:00:00Z']) {
      const res = await create({ type: 'Catch', date, location: PLACE });
      expect([date, res.statusCode, typeof res.json().error]).toEqual([date, 400, 'string']);
    }
  });
});

describe('the .ics calendar', () => {
  it('writes no line break of the caller’s into the file', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/calendar/ical',
      payload: { location: { name: 'Gull\r\nATTENDEE:mailto:victim@example.com\nX', lat: 46.35, lng: -94.2 }, alertType: 'Lunar Event' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/^ATTENDEE/m);
    expect(res.body.split('\r\n').filter((line) => line.startsWith('NAME:') || line.startsWith('X-WR-CALNAME:')).join('')).toContain('Gull ATTENDEE');
  });
});

describe('headers', () => {
  it('marks a member’s answers no-store, sends no HSTS over plain HTTP and no style sheets from elsewhere', async () => {
    const member = await registerUser(t);
    const mine = await t.request({ method: 'GET', url: '/api/user/full', token: member.token });
    expect(mine.headers['cache-control']).toBe('no-store');
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.headers['strict-transport-security']).toBeUndefined();
    expect(String(health.headers['content-security-policy'])).toMatch(/style-src 'self'(;|$)/);
    const https = await createTestApp({ PUBLIC_URL: 'https://tightlines.example' });
    try {
      expect((await https.request({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toMatch(/max-age=/);
    } finally {
      await https.close();
    }
  }, 120_000);
});

describe('the page and its CSP nonce', () => {
  // What the web build writes (apps/web/vite.config.ts html.cspNonce), reduced to the tags that carry the nonce.
  const BUILT_PAGE = `<!doctype html><html><head>
<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">
<script type="module" crossorigin src="/assets/index.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
<link rel="stylesheet" crossorigin href="/assets/index.css" nonce="${CSP_NONCE_PLACEHOLDER}">
</head><body><div id="root"></div></body></html>`;

  it('allows no inline style but the one nonce of each page, which differs per answer', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), BUILT_PAGE);
    const config = { ...loadConfig({ ...HARNESS_SETTINGS, DATA_DIR: webDist }), webDist };
    const app = Fastify();
    try {
      await registerPlugins(app, config);
      await registerWeb(app, config, webDist);
      const nonces: string[] = [];
      for (const url of ['/', '/dashboard', '/log/edit/123?x=1', '/index.html', '/']) {
        const page = await app.inject({ method: 'GET', url });
        expect([url, page.statusCode, page.headers['cache-control']]).toEqual([url, 200, 'no-store']);
        const csp = String(page.headers['content-security-policy']);
        const styleSrc = /(?:^|;)style-src ([^;]*)/.exec(csp)?.[1];
        expect(styleSrc).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{22}=='$/);
        expect(csp).not.toContain('unsafe-inline');
        const nonce = /'nonce-([^']+)'/.exec(styleSrc!)![1]!;
        expect(page.body).not.toContain(CSP_NONCE_PLACEHOLDER);
        expect(page.body.match(/nonce="([^"]*)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`, `nonce="${nonce}"`]);
        // The nonce is for styles only: scripts come from this origin and Stripe.js's alone.
        expect(/(?:^|;)script-src ([^;]*)/.exec(csp)?.[1]).toBe("'self' https://js.stripe.com");
        expect(/(?:^|;)frame-src ([^;]*)/.exec(csp)?.[1]).toContain('https://js.stripe.com');
        expect(/(?:^|;)connect-src ([^;]*)/.exec(csp)?.[1]).toBe("'self' https://api.stripe.com");
        nonces.push(nonce);
      }
      expect(new Set(nonces).size).toBe(nonces.length);
      const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
      expect(String(api.headers['content-security-policy'])).toMatch(/(^|;)style-src 'self'(;|$)/);
    } finally {
      await app.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('sends the build’s Brotli or gzip copy of a script to a browser that accepts it, and the script itself otherwise', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-web-'));
    const script = 'export const answer = 42;\n'.repeat(200);
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), BUILT_PAGE);
    fs.writeFileSync(path.join(webDist, 'assets/index.js'), script);
    const built = { br: zlib.brotliCompressSync(script), gz: zlib.gzipSync(script, { level: 9 }) };
    fs.writeFileSync(path.join(webDist, 'assets/index.js.br'), built.br);
    fs.writeFileSync(path.join(webDist, 'assets/index.js.gz'), built.gz);
    fs.mkdirSync(path.join(webDist, '.vite'));
    fs.writeFileSync(path.join(webDist, '.vite/manifest.json'), '{"secret":true}');
    const config = { ...loadConfig({ ...HARNESS_SETTINGS, DATA_DIR: webDist }), webDist };
    const app = Fastify();
    try {
      await registerPlugins(app, config);
      await registerWeb(app, config, webDist);
      const fetchScript = (acceptEncoding: string) => app.inject({ method: 'GET', url: '/assets/index.js', headers: { 'accept-encoding': acceptEncoding } });
      // The very bytes of the build's files, not the answer compressed again on the way out.
      const br = await fetchScript('gzip, deflate, br');
      expect([br.statusCode, br.headers['content-encoding'], br.rawPayload.equals(built.br)]).toEqual([200, 'br', true]);
      const gz = await fetchScript('gzip');
      expect([gz.statusCode, gz.headers['content-encoding'], gz.rawPayload.equals(built.gz)]).toEqual([200, 'gzip', true]);
      const plain = await fetchScript('identity');
      expect([plain.statusCode, plain.headers['content-encoding'], plain.body]).toEqual([200, undefined, script]);
      // Hashed names: the browser keeps them; the build's manifest is not served.
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/.vite/manifest.json', '/assets/../.vite/manifest.json', '/%2Evite/manifest.json']) {
        expect([url, (await app.inject({ method: 'GET', url })).body]).not.toEqual([url, '{"secret":true}']);
      }
      const page = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect([page.statusCode, page.headers['cache-control']]).toEqual([200, 'no-store']);
    } finally {
      await app.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('sends the prerendered landing and login pages for exactly the addresses they were rendered for, each with its own nonce', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), BUILT_PAGE);
    // What apps/web/scripts/prerender.mjs writes: the page with the screen's HTML in #root, and the hashes of its style attributes.
    const style = '--badge-color:var(--mantine-color-lake-9)';
    const hash = `sha256-${createHash('sha256').update(style).digest('base64')}`;
    const prerender = (text: string) => ({
      html: BUILT_PAGE.replace('<div id="root"></div>', `<div id="root" data-prerendered><style nonce="${CSP_NONCE_PLACEHOLDER}">h1{}</style><h1 style="${style}">${text}</h1></div>`),
      styleHashes: [hash],
    });
    const prerendered = { '/': prerender('Know when the fish bite.'), '/login-register?action=login': prerender('Welcome back') };
    fs.writeFileSync(path.join(webDist, '.prerendered.json'), JSON.stringify(prerendered));
    const config = { ...loadConfig({ ...HARNESS_SETTINGS, DATA_DIR: webDist }), webDist };
    const app = Fastify();
    try {
      await registerPlugins(app, config);
      await registerWeb(app, config, webDist);
      const screen = async (url: string) => {
        const page = await app.inject({ method: 'GET', url });
        const styleSrc = /(?:^|;)style-src ([^;]*)/.exec(String(page.headers['content-security-policy']))![1]!;
        const nonce = /'nonce-([^']+)'/.exec(styleSrc)![1]!;
        expect(page.body).not.toContain(CSP_NONCE_PLACEHOLDER);
        expect(new Set(page.body.match(/nonce="([^"]*)"/g))).toEqual(new Set([`nonce="${nonce}"`]));
        expect([page.statusCode, page.headers['cache-control']]).toEqual([200, 'no-store']);
        const text = /<h1[^>]*>([^<]*)<\/h1>/.exec(page.body)?.[1];
        // The markup's style attributes are allowed by hash on the page that has them, and nowhere else.
        expect(styleSrc).toBe(text ? `'self' 'nonce-${nonce}' 'unsafe-hashes' '${hash}'` : `'self' 'nonce-${nonce}'`);
        return text ?? 'drawn by the app';
      };
      expect(await screen('/')).toBe('Know when the fish bite.');
      expect(await screen('/login-register?action=login')).toBe('Welcome back');
      // Another query string would hydrate HTML made for another screen (a redirect, the Register tab).
      for (const url of ['/?redirect=%2Fdashboard', '/login-register?action=signup', '/login-register?action=login&redirect=%2Fx', '/dashboard', '/landing']) {
        expect([url, await screen(url)]).toEqual([url, 'drawn by the app']);
      }
      expect((await app.inject({ method: 'GET', url: '/.prerendered.json' })).body).not.toContain('Welcome back');
      // The page is compressed like any other answer (it is the not-found handler's, not a route's).
      const zipped = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect([zipped.headers['content-encoding'], zlib.gunzipSync(zipped.rawPayload).toString()]).toEqual(['gzip', expect.stringContaining('Know when the fish bite.')]);
      const brotli = await app.inject({ method: 'GET', url: '/login-register?action=login', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect([brotli.headers['content-encoding'], zlib.brotliDecompressSync(brotli.rawPayload).toString()]).toEqual(['br', expect.stringContaining('Welcome back')]);
    } finally {
      await app.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe('log photos', () => {
  it('take only the caller’s own uploads, and their files go with their logs', async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const theirs = await uploadPhoto(t, other);
    for (const photo of [theirs, 'https://evil.example/x.jpg', '/uploads/../../etc/passwd', 'javascript:alert(1)']) {
      const res = await t.request({ method: 'POST', url: '/api/logs/create', token: owner.token, payload: { type: 'Catch', photo, location: PLACE } });
      expect([photo, res.statusCode, res.json().error]).toEqual([photo, 400, NOT_YOUR_PHOTO]);
    }
    const mine = await uploadPhoto(t, owner);
    const log = await t.request({ method: 'POST', url: '/api/logs/create', token: owner.token, payload: { type: 'Catch', photo: mine, location: PLACE } });
    expect(log.statusCode).toBe(201);
    expect((await t.request({ method: 'GET', url: mine })).statusCode).toBe(200);
    await t.request({ method: 'DELETE', url: `/api/log/${log.json()._id}`, token: owner.token });
    expect((await t.request({ method: 'GET', url: mine })).statusCode).toBe(404);

    const second = await uploadPhoto(t, owner);
    const many = await t.request({ method: 'POST', url: '/api/logs/create', token: owner.token, payload: { type: 'Catch', photo: second, location: PLACE } });
    await t.request({ method: 'POST', url: '/api/user/delete-logs', token: owner.token, payload: { logs: [many.json()._id] } });
    expect((await t.request({ method: 'GET', url: second })).statusCode).toBe(404);
  });
});
