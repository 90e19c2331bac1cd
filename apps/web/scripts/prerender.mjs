#!/usr/bin/env node
// Prerenders a visitor's landing and login pages into copies of the built index.html, so they paint
// before their JavaScript has arrived (on a slow phone link most of the wait). Their script is not
// the app's but src/islands.tsx, which hydrates only the pages' forms (and loads the app for a
// member), with public/held-submits.js before it, which keeps a form sent before its island runs. Runs after `vite build` and the server-side build of src/prerender.tsx
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

const app = manifest['index.html'];
const entry = closure('index.html');
const islands = closure('src/islands.tsx');

/**
 * The page's scripts: the islands' entry, its imports fetched beside it, and the app's entry named
 * for a member's visit; the route's styles, which the prerendered HTML needs at once.
 */
function scripts(module) {
  const css = [...closure(module).css].filter((file) => !entry.css.has(file));
  const [main, ...imports] = islands.js;
  return [
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" nonce="${NONCE}">`),
    `<script src="/held-submits.js" nonce="${NONCE}"></script>`,
    `<script type="module" fetchpriority="low" crossorigin src="/${main}" nonce="${NONCE}"></script>`,
    ...imports.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}" nonce="${NONCE}">`),
  ].join('\n    ');
}

/** The page's `style` attribute values as the browser reads them (React escapes these five). */
function styleHashes(html) {
  const entities = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };
  const values = new Set([...html.matchAll(/ style="([^"]*)"/g)].map((m) => m[1].replace(/&(amp|quot|#x27|lt|gt);/g, (e) => entities[e])));
  return [...values].map((value) => `sha256-${createHash('sha256').update(value).digest('base64')}`).sort();
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const pages = {};
for (const { url, module } of PAGES) {
  if (!manifest[module]) throw new Error(`No chunk for ${module} in the build: update PAGES in apps/web/scripts/prerender.mjs.`);
  const { html, title, description } = await render(url);
  const page = template
    // The app's scripts, which a visitor's page does without (src/islands.tsx loads them for a member).
    .replace(/\s*<script type="module" crossorigin src="[^"]*"[^>]*><\/script>/, '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]*"[^>]*>/g, '')
    // Mantine marks the colour scheme on <html> once it runs; the prerendered page needs it first.
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(description)}"`)
    .replace('</head>', `  ${scripts(module)}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered data-app="/${app.file}">${html}</div>`);
  if (!page.includes('data-prerendered') || !page.includes('data-mantine-color-scheme') || page.includes(`src="/${app.file}"`) || !page.includes(`<title>${escapeHtml(title)}`)) {
    throw new Error('apps/web/index.html changed: update apps/web/scripts/prerender.mjs.');
  }
  pages[url] = { html: page, styleHashes: styleHashes(html) };
}
fs.writeFileSync(path.join(dist, '.prerendered.json'), JSON.stringify(pages));
fs.rmSync(ssr, { recursive: true, force: true });
console.log(`Prerendered ${PAGES.map((p) => p.url).join(', ')} into dist/.prerendered.json.`);
