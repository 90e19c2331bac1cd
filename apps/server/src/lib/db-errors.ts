/** Drizzle wraps driver errors; both pg and PGlite carry PostgreSQL's SQLSTATE as `code`. */
export function isUniqueViolation(error: unknown): boolean {
  return driverError(error, (e) => e.code === '23505');
}

/** A null refused by the NOT NULL constraint of that column. */
export function isNotNullViolation(error: unknown, column: string): boolean {
  return driverError(error, (e) => e.code === '23502' && e.column === column);
}

function driverError(error: unknown, matches: (e: { code?: unknown; column?: unknown }) => boolean): boolean {
  for (let e: unknown = error; e instanceof Error || (e && typeof e === 'object'); e = (e as { cause?: unknown }).cause) {
    if (matches(e as { code?: unknown; column?: unknown })) return true;
    if (!(e as { cause?: unknown }).cause) break;
  }
  return false;
}
