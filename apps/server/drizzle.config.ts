import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // schema.ts and each area's <area>-schema.ts: an area's file imports users from schema.ts, so
  // schema.ts cannot re-export it without an import cycle.
  schema: ['./src/db/schema.ts', './src/db/*-schema.ts'],
  out: './src/db/migrations',
});
