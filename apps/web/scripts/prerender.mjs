#!/usr/bin/env node
// Prerenders a visitor's landing and login pages into copies of the built index.html, so they paint
// before their JavaScript has arrived (on a slow phone link most of the wait); the app hydrates
// that HTML (src/main.tsx). Runs after `vite build` and the server-side build of src/prerender.tsx
// (package.json "build"). Writes dist/.prerendered.json, { address: { html, styleHashes } }, which
// the server sends for exactly those addresses (apps/server/src/http/web.ts); any other address, or
// a query string other than these, gets the plain index.html, since the prerendered HTML would not
// match it.
//
// The components write `style` attributes (Mantine's CSS variables), which the page's CSP refuses
// in markup unless named by hash ('unsafe-hashes'): styleHashes are those of the page's attributes.
// React sets them through the CSSOM on the client, which the CSP allows, but it does not set them
// again when it hydrates, so the markup's must apply.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const ssr = path.join(web, 'dist-ssr');
const NONCE = 'TIGHTLINES_CSP_NONCE';

/** Each address with the route module it shows (the manifest key of its chunk). */
const PAGES = [
  { url: '/', module: 'src/features/auth/landing-page.tsx' },
  { url: '/login-register', module: 'src/features/auth/login-register-page.tsx' },
  { url: '/login-register?action=login', module: 'src/features/auth/login-register-page.tsx' },
];

const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const { render } = await import(pathToFileURL(path.join(ssr, 'prerender.js')).href);

function closure(key, files = { js: new Set(), css: new Set() }) {
  const chunk = manifest[key];
  if (!chunk || files.js.has(chunk.file)) return files;
  files.js.add(chunk.file);
  for (const css of chunk.css ?? []) files.css.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

const entry = closure(Object.keys(manifest).find((key) => manifest[key].isEntry));

/**
 * The route's chunk and its imports, fetched beside the entry instead of after it (the app loads
 * the page's module before it hydrates), and its styles, which the prerendered HTML needs at once.
 */
function routeHints(module) {
  const own = closure(module);
  const js = [...own.js].filter((file) => !entry.js.has(file));
  const css = [...own.css].filter((file) => !entry.css.has(file));
  return [
    ...js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" nonce="${NONCE}" fetchpriority="low">`),
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" nonce="${NONCE}">`),
  ].join('\n    ');
}

/** The page's `style` attribute values as the browser reads them (React escapes these five). */
function styleHashes(html) {
  const entities = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };
  const values = new Set([...html.matchAll(/ style="([^"]*)"/g)].map((m) => m[1].replace(/&(amp|quot|#x27|lt|gt);/g, (e) => entities[e])));
  return [...values].map((value) => `sha256-${createHash('sha256').update(value).digest('base64')}`).sort();
}

const pages = {};
for (const { url, module } of PAGES) {
  if (!manifest[module]) throw new Error(`No chunk for ${module} in the build: update PAGES in apps/web/scripts/prerender.mjs.`);
  const html = await render(url);
  const page = template
    // The page paints without its scripts, so they wait behind the HTML and the style sheets.
    .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin')
    // Mantine marks the colour scheme on <html> once it runs; the prerendered page needs it first.
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace('</head>', `  ${routeHints(module)}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered>${html}</div>`);
  if (!page.includes('data-prerendered') || !page.includes('data-mantine-color-scheme')) {
    throw new Error('apps/web/index.html changed: update apps/web/scripts/prerender.mjs.');
  }
  pages[url] = { html: page, styleHashes: styleHashes(html) };
}
fs.writeFileSync(path.join(dist, '.prerendered.json'), JSON.stringify(pages));
fs.rmSync(ssr, { recursive: true, force: true });
console.log(`Prerendered ${PAGES.map((p) => p.url).join(', ')} into dist/.prerendered.json.`);
