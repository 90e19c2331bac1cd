import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The USNO tests compute whole years of events: seconds on a quiet machine, much more on a busy one.
  test: { include: ['test/**/*.test.ts'], testTimeout: 120_000 },
});
