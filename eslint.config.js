// Lint for the whole monorepo (`npm run lint`, run first by `npm test`).
//
// Besides the recommended JS / TypeScript / React-hooks rules, this file enforces the import
// boundaries described in docs/architecture.md:
//   - web: src/lib and src/components -> src/features/<a> -> src/app, one way; a feature never
//     imports another feature (eslint-plugin-boundaries, which resolves relative imports to files);
//   - server: lib, db, providers and access never import modules or http; a module never imports
//     another module's repo; routes never touch the database (no repo, no db/, no drizzle-orm);
//   - shipped code (server, web, core) never imports the test harness in testkit/;
//   - core: pure domain code, no Node built-ins, frameworks, drivers or app code.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS_JS = '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';

/** The test harness (testkit/) boots the app for tests; shipped code never depends on it. */
const noTestkit = {
  group: ['@tightlines/testkit', '@tightlines/testkit/**', '**/testkit/**'],
  message: 'testkit/ is the test harness: tests, e2e and benches import it, shipped code never does.',
};

/** Every Node built-in, bare (`fs`, `fs/promises`) and prefixed (`node:fs`). */
const nodeBuiltins = [
  'node:*',
  // Anchored (a leading /), so a bare 'util' or 'fs/promises' is refused but a local './util' is not.
  ...builtinModules.filter((name) => !name.startsWith('_')).flatMap((name) => [`/${name}`, `/${name}/*`]),
];

/** Imports of the server layers above a given one (by folder), written as relative paths from src/<layer>/**. */
const serverAbove = (alsoForbidden) =>
  ['modules', 'http', ...alsoForbidden].flatMap((layer) => [`../${layer}/**`, `../../${layer}/**`, `../../../${layer}/**`]).concat([
    '../app',
    '../../app',
    '../../../app',
  ]);

/** Another module's repositories, from a file in src/modules/<area>/. */
const otherModulesRepo = ['../*/repo', '../*/repo.*', '../*/*-repo', '../*/*-repo.*', '../../modules/*/repo', '../../modules/*/*-repo'];

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/data/',
    'apps/server/src/db/migrations/',
    'e2e/artifacts/',
    'bench/.data/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    files: [TS_JS],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },

  // ---------------------------------------------------------------------------------------------
  // Web app (browser code, React hooks, one-way imports between layers)
  // ---------------------------------------------------------------------------------------------
  {
    files: ['apps/web/src/**/*.{ts,tsx,js,jsx}', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx,js,jsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx,js,jsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/include': ['apps/web/src/**/*'],
      'boundaries/elements': [
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-components', pattern: 'apps/web/src/components' },
        { type: 'web-lib', pattern: 'apps/web/src/lib' },
      ],
      'import/resolver': {
        node: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.json', '.css'] },
      },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: { element: { type: 'web-feature', captured: { feature: '!{{from.element.captured.feature}}' } } },
              },
              message: 'A feature may not import another feature ({{to.element.captured.feature}}); move shared code to src/components or src/lib.',
            },
            {
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: 'web-app' } } },
              message: 'Features may not import src/app (the flow is lib/components -> features -> app).',
            },
            {
              from: { element: { types: { anyOf: ['web-components', 'web-lib'] } } },
              disallow: { to: { element: { types: { anyOf: ['web-feature', 'web-app'] } } } },
              message: 'src/components and src/lib may not import features or src/app (the flow is lib/components -> features -> app).',
            },
          ],
        },
      ],
    },
  },

  // ---------------------------------------------------------------------------------------------
  // Shipped code never imports the test harness; the harness never imports the web app
  // ---------------------------------------------------------------------------------------------
  {
    files: ['apps/server/src/**/*.{ts,tsx,js}', 'apps/web/src/**/*.{ts,tsx,js,jsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noTestkit] }] },
  },
  {
    files: ['testkit/**/*.{ts,js}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@tightlines/web', '@tightlines/web/**', '**/apps/web/**'],
              message: 'testkit boots the server; the web app reaches the browser only as the built files the server serves.',
            },
          ],
        },
      ],
    },
  },

  // ---------------------------------------------------------------------------------------------
  // Server: layers point down (lib, db, providers, access -> modules -> http, app.ts); a module
  // reaches another through its service, never its repo; routes are HTTP only. A later
  // no-restricted-imports replaces an earlier one for the same file, so each repeats noTestkit.
  // ---------------------------------------------------------------------------------------------
  {
    files: ['apps/server/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: serverAbove(['db', 'providers', 'access']), message: 'src/lib is the bottom layer: it may not import the database, providers, access, modules or http.' }, noTestkit] },
      ],
    },
  },
  {
    files: ['apps/server/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: serverAbove(['providers', 'access']), message: 'src/db may not import providers, access, modules or http (shared shapes live in @tightlines/core).' }, noTestkit] },
      ],
    },
  },
  {
    files: ['apps/server/src/providers/**/*.ts', 'apps/server/src/access/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: serverAbove([]), message: 'Providers and access sit below the modules: they may not import modules or http (access reads facts through ports).' }, noTestkit] },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: otherModulesRepo, message: 'Only a module\'s own repo queries its tables: call the other module\'s service (or take a port wired in app.ts).' },
            { group: ['**/http/*', '!**/http/routes'], message: 'Modules use http/routes.ts (route, RouteEntry) only; plugins and hooks are wired in app.ts.' },
            noTestkit,
          ],
        },
      ],
    },
  },
  {
    // Every routes file: HTTP only. (Repeats the module rule, which this one replaces for these files.)
    files: ['apps/server/src/**/routes.ts'],
    ignores: ['apps/server/src/http/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/repo', '**/repo.ts', '**/repo.js', '**/*-repo', '**/*-repo.ts', '**/*-repo.js'],
              message: 'Routes call services; only services use repositories.',
            },
            {
              group: ['drizzle-orm', 'drizzle-orm/**', '**/db', '**/db/**', 'pg', '@electric-sql/pglite', '@electric-sql/pglite/**'],
              message: 'Routes never touch the database; go through the service.',
            },
            noTestkit,
          ],
        },
      ],
    },
  },

  // ---------------------------------------------------------------------------------------------
  // Core: pure domain, imported by both apps
  // ---------------------------------------------------------------------------------------------
  {
    files: ['packages/core/src/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'packages/core is pure: no Node built-ins (I/O belongs to apps/server).' },
            {
              group: ['fastify', 'fastify/**', '@fastify/**', 'react', 'react/**', 'react-dom', 'react-dom/**'],
              message: 'packages/core is framework-free.',
            },
            {
              group: ['drizzle-orm', 'drizzle-orm/**', 'drizzle-kit', 'pg', '@electric-sql/**'],
              message: 'packages/core does no database access.',
            },
            {
              group: ['@tightlines/server', '@tightlines/server/**', '@tightlines/web', '@tightlines/web/**', '**/apps/**'],
              message: 'packages/core may not import from apps/; the apps import core, never the reverse.',
            },
            noTestkit,
          ],
        },
      ],
    },
  },
]);
