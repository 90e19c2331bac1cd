/**
 * MM/DD/YYYY hh:mma, the seeds' date format for a log (info windows, lists, the log modal). The
 * server writes a log's time on the clock of the place it was logged ('2026-06-01T06:30…'), and
 * that wall clock is what the angler saw, so it is read from the string, never converted.
 */
export function logDateLabel(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return local;
  const [, year, month, day, hh, mm] = match;
  const hour = Number(hh);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${month}/${day}/${year} ${String(hour12).padStart(2, '0')}:${mm}${hour < 12 ? 'am' : 'pm'}`;
}
