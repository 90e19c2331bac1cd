/**
 * Days and times on the clock of a place, which need not be the browser's. The server writes times
 * as ISO strings on the place's clock, so reading them back is slicing the string; going the other
 * way (a day and time typed for a place) needs the place's time zone.
 */

/** 'YYYY-MM-DD' and 'HH:mm' of a local ISO string, as the place's clock reads them. */
export const wallDay = (local: string) => local.slice(0, 10);
export const wallTime = (local: string) => local.slice(11, 16);

/** Minutes east of UTC written at the end of an ISO string ('-05:00' → -300, 'Z' → 0). */
export function offsetMinutes(iso: string): number {
  const match = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** The wall clock of an instant in `timeZone`, as milliseconds of the same reading in UTC. */
function clockAt(ms: number, timeZone: string): number {
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
 * The instant (UTC ISO) that a day ('YYYY-MM-DD') and time ('HH:mm') name on the clock of
 * `timeZone`. Without a zone, or with one the browser does not know (old data), the browser's own
 * clock is the best guess.
 */
export function zonedIso(day: string, time: string, timeZone: string | null): string {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wanted = Date.UTC(y, mo - 1, d, h, mi);
  if (timeZone) {
    try {
      // Two passes settle on the right offset across a daylight-saving change.
      let instant = wanted;
      for (let i = 0; i < 2; i += 1) instant += wanted - clockAt(instant, timeZone);
      return new Date(instant).toISOString();
    } catch {
      // An unknown zone name: fall through to the browser's clock.
    }
  }
  return new Date(y, mo - 1, d, h, mi).toISOString();
}
