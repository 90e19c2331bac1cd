// Zod compiles its object parsers with `new Function` where it may, and finds out by trying one
// when it builds its first schema. The page's CSP has no 'unsafe-eval', so that try was refused
// and reported as a CSP violation on every page. z.config({ jitless: true }) would come too late:
// the bundle builds schemas in chunks that run before any of the app's own code. So this classic
// script runs first and sets what z.config sets, the global object Zod reads its settings from.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
