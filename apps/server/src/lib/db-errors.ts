/** Drizzle wraps driver errors; both pg and PGlite carry PostgreSQL's SQLSTATE as `code`. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error || (e && typeof e === 'object'); e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
    if (!(e as { cause?: unknown }).cause) break;
  }
  return false;
}
