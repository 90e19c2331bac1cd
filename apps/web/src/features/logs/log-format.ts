

export type WallClock = { day: string; time: string; year: string; month: string; date: string; hour: number; minute: string };

/**
 * The wall clock of an instant at the log's place. An unknown zone name (old data) falls back to
 * the offset written in the ISO string, which is the place's offset when the server wrote it.
 */
export function wallClock(iso: string, timeZone: string): WallClock {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(iso));
    const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
    return clock(get('year'), get('month'), get('day'), Number(get('hour')), get('minute'));
  } catch {
    const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso);
    if (!match) throw new RangeError(`Expected an ISO date and time, got '${iso}'`);
    return clock(match[1]!, match[2]!, match[3]!, Number(match[4]), match[5]!);
  }
}

function clock(year: string, month: string, date: string, hour: number, minute: string): WallClock {
  return { year, month, date, hour, minute, day: `${year}-${month}-${date}`, time: `${String(hour).padStart(2, '0')}:${minute}` };
}

/** MM/DD/YYYY hh:mma, the seeds' format for a log's date. */
export function logDateLabel(iso: string, timeZone: string): string {
  const c = wallClock(iso, timeZone);
  const hour12 = c.hour % 12 === 0 ? 12 : c.hour % 12;
  return `${c.month}/${c.date}/${c.year} ${String(hour12).padStart(2, '0')}:${c.minute}${c.hour < 12 ? 'am' : 'pm'}`;
}

/** A missing reading shows as a dash, never as a made-up zero. */
export const reading = (value: number | null | undefined, unit = '', digits = 0) =>
  value == null ? '-' : `${Number(value.toFixed(digits))}${unit}`;

export const text = (value: string | null | undefined) => (value && value.trim() ? value : '-');

/**
 * The instant a wall-clock day and time name at a place, as UTC ISO. Without a known zone the
 * browser's own is the best guess.
 */
export function zonedIso(day: string, time: string, timeZone: string | null): string {
  const [y, mo, d] = day.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  if (!timeZone) return new Date(y!, mo! - 1, d!, h!, mi!).toISOString();
  // Two passes settle on the right offset across a daylight-saving change.
  let instant = asUtc;
  for (let i = 0; i < 2; i += 1) {
    const c = wallClock(new Date(instant).toISOString(), timeZone);
    const shown = Date.UTC(Number(c.year), Number(c.month) - 1, Number(c.date), c.hour, Number(c.minute));
    instant += asUtc - shown;
  }
  return new Date(instant).toISOString();
}
