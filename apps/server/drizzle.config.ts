import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Areas keep their tables in <area>-schema.ts beside schema.ts; they import users from it, so
  // schema.ts cannot re-export them without an import cycle.
  schema: './src/db/*schema.ts',
  out: './src/db/migrations',
});
