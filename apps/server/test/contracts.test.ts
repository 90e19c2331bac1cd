import fs from 'node:fs';
import path from 'node:path';
import { allContracts } from '@tightlines/core/api/all';
import { fillPath } from '@tightlines/core/api/contract';
import { withApiTables } from '@tightlines/core/api/docs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tightlines/testkit/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Every route the app serves, as `METHOD /path`, read from Fastify's route tree
 * (printRoutes without common prefixes: each line is a route, its path relative to the line above
 * it one level up; HEAD routes are Fastify's own twins of GET routes).
 */
function servedRoutes(): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = Math.round(match[1]!.length / 4);
    const full = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = full;
    parents.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) routes.push(`${method} ${full}`);
  }
  return routes;
}

describe('contracts', () => {
  const contracts = allContracts();

  it('has one route for every contract and one contract for every API route', () => {
    const declared = contracts.map((c) => `${c.method} ${c.path}`);
    // Besides /api, a few well-known files (robots.txt, the sitemap) are routes with contracts.
    const served = servedRoutes().filter((r) => r.split(' ')[1]!.startsWith('/api/') || declared.includes(r));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...served].sort()).toEqual([...declared].sort());
  });

  it('refuses a visitor on every member route before anything else', async () => {
    const members = contracts.filter((c) => c.access === 'member');
    expect(members.length).toBeGreaterThan(30);
    for (const c of members) {
      const url = fillPath(c.path, { id: '00000000-0000-4000-8000-000000000000', uid: '00000000-0000-4000-8000-000000000000', token: 'x', username: 'x', searchTerm: 'x' });
      const res = await t.request({ method: c.method, url });
      expect([c.method, c.path, res.statusCode]).toEqual([c.method, c.path, 401]);
    }
  });

  it('are what docs/api.md lists (npm run docs:api rewrites its route tables)', () => {
    const file = path.resolve(import.meta.dirname, '../../../docs/api.md');
    const markdown = fs.readFileSync(file, 'utf8');
    expect(withApiTables(markdown) === markdown, 'docs/api.md is out of date: run `npm run docs:api`').toBe(true);
  });
});
