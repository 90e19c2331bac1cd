import { defineConfig } from 'vitest/config';

// One spec file at a time: each starts a real server and a browser, and the machine has 2 cores.
export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
