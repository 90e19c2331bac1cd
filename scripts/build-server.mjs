// Compiles the server for `npm start`: one ES module at apps/server/dist/main.js, with the workspace's
// TypeScript (the server and @tightlines/core) bundled in and every npm dependency left to
// node_modules, plus the SQL migrations the server applies at start. tsx stays the development runner.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
const dist = path.join(server, 'dist');
const dependencies = (dir) => Object.keys(JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')).dependencies ?? {});
const external = [...new Set([...dependencies('apps/server'), ...dependencies('packages/core')])]
  .filter((name) => !name.startsWith('@tightlines/'))
  .flatMap((name) => [name, `${name}/*`]);

fs.rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(server, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
});
// The bundle sits where src/main.ts did, one level under apps/server, so paths resolved from
// import.meta.dirname (the web build, createRequire) still hold; the migrations move with it.
fs.cpSync(path.join(server, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
