#!/usr/bin/env node
// Lighthouse mobile performance of the pages a visitor arrives on, against a running server.
// Lighthouse is not a dependency of the project: give its binary (npm i --prefix /tmp/lh lighthouse@13).
//
//   LIGHTHOUSE=/tmp/lh/node_modules/.bin/lighthouse node bench/lighthouse.mjs http://127.0.0.1:3000 [runs]
//
// Default settings (mobile: Moto G Power emulation, simulated slow 4G, 4x CPU slowdown), Debian's
// Chromium, headless. Each page runs `runs` times (default 3); the median run by score is printed,
// with the JavaScript + CSS it transferred (compressed, as the server sent it) and the load average.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [base = 'http://127.0.0.1:3000', runsArg = '3'] = process.argv.slice(2);
const lighthouse = process.env.LIGHTHOUSE ?? 'lighthouse';
const pages = ['/', '/login-register?action=login'];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-lighthouse-'));

function run(url, i) {
  const out = path.join(dir, `run-${i}.json`);
  execFileSync(
    lighthouse,
    [url, '--only-categories=performance', '--output=json', `--output-path=${out}`, '--quiet',
      `--chrome-flags=--headless=new --no-sandbox --user-data-dir=${path.join(dir, `profile-${i}`)}`],
    { stdio: 'inherit', env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
  );
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const audit = (id) => report.audits[id]?.numericValue;
  const items = report.audits['network-requests']?.details?.items ?? [];
  const kb = (types) => items.filter((r) => types.includes(r.resourceType)).reduce((t, r) => t + (r.transferSize ?? 0), 0) / 1024;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    jsKb: kb(['Script']),
    cssKb: kb(['Stylesheet']),
  };
}

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');
console.log(`Lighthouse ${execFileSync(lighthouse, ['--version']).toString().trim()}, ${base}, load average before: ${load()}`);
console.log('| page | runs | scores | median score | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | JS KB transferred | CSS KB transferred |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
let i = 0;
for (const page of pages) {
  const results = Array.from({ length: Number(runsArg) }, () => run(base + page, i++));
  const sorted = [...results].sort((a, b) => a.score - b.score);
  const m = sorted[Math.floor(sorted.length / 2)];
  const f = (n) => Math.round(n);
  console.log(`| \`${page}\` | ${results.length} | ${results.map((r) => r.score).join(', ')} | ${m.score} | ${f(m.fcp)} | ${f(m.lcp)} | ${f(m.tbt)} | ${m.cls.toFixed(3)} | ${f(m.si)} | ${m.jsKb.toFixed(1)} | ${m.cssKb.toFixed(1)} |`);
}
console.log(`Load average after: ${load()}`);
fs.rmSync(dir, { recursive: true, force: true });
