const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MINUTE_MS = 60_000;

/** 'YYYY-MM-DD' and 'HH:mm' of a local ISO string, as the place's clock read them. */
export const wallDay = (local: string) => local.slice(0, 10);
export const wallTime = (local: string) => local.slice(11, 16);

/** MMMM DD, YYYY: the seeds' title of an outing. */
export function outingTitle(local: string): string {
  const [year, month, day] = wallDay(local).split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${day}, ${year}`;
}

/** "6 AM – 7 AM", the hour starting at `hour` (0-23). */
export function hourRange(hour: number): string {
  const label = (h: number) => `${h % 12 === 0 ? 12 : h % 12} ${h % 24 < 12 ? 'AM' : 'PM'}`;
  return `${label(hour)} – ${label(hour + 1)}`;
}

/** Minutes east of UTC written at the end of an ISO string ('-05:00' → -300, 'Z' → 0). */
export function offsetMinutes(iso: string): number {
  const match = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** "3 h 20 min" between two instants. */
export function duration(fromMs: number, toMs: number): string {
  const minutes = Math.max(0, Math.round((toMs - fromMs) / MINUTE_MS));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}

function wallClockAt(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
}

/**
 * The instant (UTC ISO) that a day and time name on the clock of `timeZone`, the outing's place,
 * which need not be the browser's. Two passes settle on the right offset across a DST change.
 */
export function zonedIso(day: string, time: string, timeZone: string): string {
  const [y, mo, d] = day.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const wanted = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  let instant = wanted;
  try {
    for (let i = 0; i < 2; i += 1) instant += wanted - wallClockAt(instant, timeZone);
  } catch {
    // An unknown zone name (old data): the browser's own clock is the best guess.
    instant = new Date(y!, mo! - 1, d!, h!, mi!).getTime();
  }
  return new Date(instant).toISOString();
}
