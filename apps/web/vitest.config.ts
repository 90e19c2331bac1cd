import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit tests of the web app's own logic (form mapping, URL filters, formatters) and of components
// rendered with Testing Library in happy-dom. The browser-level behaviour is e2e's job.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['test/setup.ts'],
    // Dates in the tests are read on a fixed clock, whatever the machine's zone.
    env: { TZ: 'America/Chicago' },
  },
});
