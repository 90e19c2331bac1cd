import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every built script and style sheet, which the
 * server sends as they are (@fastify/static `preCompressed`, apps/server/src/http/web.ts) instead
 * of gzipping each answer at the default level: Brotli at its best level is about a sixth smaller
 * than gzip for these files, and costs the build a few seconds rather than every request.
 */
function precompress(): Plugin {
  return {
    name: 'tightlines-precompress',
    // Not the server-side build of src/prerender.tsx, which only the build itself runs.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const files = Object.keys(bundle).filter((file) => /\.(js|css)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(path.join(dir, file));
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(path.join(dir, `${file}.br`), br), fs.writeFile(path.join(dir, `${file}.gz`), gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  // The server puts a fresh nonce in place of this in every page it sends (apps/server/src/http/web.ts).
  html: { cspNonce: 'TIGHTLINES_CSP_NONCE' },
  // The manifest lets scripts/check-bundle-size.mjs measure what each route loads first.
  // The second entry is the prerendered pages' islands (src/islands.tsx, scripts/prerender.mjs).
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    manifest: true,
    rolldownOptions: { input: { index: 'index.html', islands: 'src/islands.tsx' } },
  },
});
