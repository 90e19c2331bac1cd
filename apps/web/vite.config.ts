import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
  build: { sourcemap: true, chunkSizeWarningLimit: 600, manifest: true },
});
