/**
 * 'hh:mm AM' as the wall clock in the ISO string reads it, i.e. local to the
 * place the time was computed for, not to whoever is viewing it. A missing
 * time (no moonrise that day, polar sun) shows as a dash.
 */
export function formatClock(iso: string | null): string {
  if (iso === null) return '-';
  const match = /^\d{4}-\d{2}-\d{2}T(\d{2}):(\d{2})/.exec(iso);
  if (!match) throw new RangeError(`Expected an ISO 8601 date-time, got '${iso}'`);
  const hours = Number(match[1]);
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(hours12).padStart(2, '0')}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}
