#!/usr/bin/env node
// Fails when any import cycle exists among the project's TypeScript files (core, server, web, e2e,
// bench, scripts): modules must form layers, so a change to a lower file never needs a higher one.
// Run by `npm run lint`. Type-only imports count too: a cycle of types is a tangle all the same.
//
// Imports are read with TypeScript's own pre-processor (no type checking), and resolved the way the
// workspaces resolve them: relative paths, and `@tightlines/core/<file>` to packages/core/src.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const sources = ['packages/core/src', 'apps/server/src', 'apps/web/src', 'testkit/src', 'e2e', 'bench', 'apps/server/test', 'packages/core/test'];
const extensions = ['.ts', '.tsx', '.mts'];
const skip = new Set(['node_modules', 'dist', 'data', 'artifacts', '.data', 'migrations']);

function walk(dir, files = []) {
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, files);
    else if (extensions.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

function resolveFile(base) {
  for (const candidate of [base, ...extensions.map((ext) => base + ext), ...extensions.map((ext) => path.join(base, `index${ext}`))]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function resolveImport(from, specifier) {
  if (specifier.startsWith('.')) return resolveFile(path.resolve(path.dirname(from), specifier.replace(/\.js$/, '')));
  if (specifier.startsWith('@tightlines/core/')) return resolveFile(path.join(root, 'packages/core/src', specifier.slice('@tightlines/core/'.length)));
  return null;
}

const files = sources.flatMap((dir) => walk(path.join(root, dir)));
const graph = new Map();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const imports = importedFiles.map((i) => resolveImport(file, i.fileName)).filter(Boolean);
  // db/schema.ts re-exports each area's <area>-schema.ts for drizzle-kit, which reads one file;
  // the area files import users from it. That barrel edge is not a dependency of schema.ts.
  const barrel = file.endsWith(path.join('db', 'schema.ts'));
  graph.set(file, [...new Set(barrel ? imports.filter((f) => !f.endsWith('-schema.ts')) : imports)]);
}

// Tarjan's strongly connected components: any component of two or more files (or a file importing
// itself) is a cycle.
let index = 0;
const stack = [];
const state = new Map();
const cycles = [];
function connect(file) {
  const node = { index, low: index, onStack: true };
  index += 1;
  state.set(file, node);
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    if (!graph.has(next)) continue;
    const seen = state.get(next);
    if (!seen) {
      connect(next);
      node.low = Math.min(node.low, state.get(next).low);
    } else if (seen.onStack) {
      node.low = Math.min(node.low, seen.index);
    }
  }
  if (node.low === node.index) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component);
  }
}
for (const file of graph.keys()) if (!state.has(file)) connect(file);

if (cycles.length > 0) {
  console.error(`Import cycles (${cycles.length}):`);
  for (const cycle of cycles) console.error(`  - ${cycle.map((f) => path.relative(root, f)).sort().join('\n    ')}`);
  process.exit(1);
}
console.log(`No import cycles among ${files.length} files.`);
