#!/usr/bin/env node
// Writes the route tables of docs/api.md from the contracts in packages/core/src/api (between the
// api:routes markers; the prose around them is kept). Run after adding or changing a contract:
//
//   npm run docs:api        (tsx scripts/api-docs.mjs)
//
// apps/server/test/contracts.test.ts fails while the file is out of date.
import fs from 'node:fs';
import path from 'node:path';
import { withApiTables } from '../packages/core/src/api/docs.ts';

const file = path.resolve(import.meta.dirname, '../docs/api.md');
const before = fs.readFileSync(file, 'utf8');
const after = withApiTables(before);
if (after === before) {
  console.log('docs/api.md is up to date.');
} else {
  fs.writeFileSync(file, after);
  console.log('docs/api.md: route tables rewritten.');
}
