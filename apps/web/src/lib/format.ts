import { formatClock } from '@tightlines/core/solunar/format';
import { barometerInches, windLabel } from '@tightlines/core/weather';

/**
 * How the app writes readings, dates and times. Times from the server are ISO strings on the
 * clock of the place they belong to ('2026-06-01T06:30:00-05:00'), and that wall clock is what an
 * angler reads, so it is taken from the string, never converted to the viewer's zone.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MINUTE_MS = 60_000;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/;

/** A missing reading shows as a dash, never as a made-up zero. */
export const reading = (value: number | null | undefined, unit = '', digits = 0) =>
  value == null ? '-' : `${Number(value.toFixed(digits))}${unit}`;

export const text = (value: string | null | undefined) => (value && value.trim() ? value : '-');

/** A 0..1 fraction (cloud cover, humidity) as a whole percentage. */
export const percent = (fraction: number | null | undefined) => (fraction == null ? '-' : `${Math.round(fraction * 100)}%`);

/** The server keeps hPa; anglers read inches of mercury. */
export const barometerText = (hPa: number | null | undefined) => {
  const inches = barometerInches(hPa);
  return inches == null ? '-' : `${inches.toFixed(2)} in`;
};

/** "12 MPH NW". windLabel() answers 'N' for a missing bearing, which would be a guess, so none is shown. */
/** A wind without a direction still gets the seed's compass label, which names it 'N'. */
export const windText = (speed: number | null | undefined, bearing: number | null | undefined) =>
  speed == null ? '-' : `${Math.round(speed)} MPH ${windLabel(bearing)}`;

/** A point to three decimals, as the seeds show a log's place: "46.412, -94.355". */
export const coordinates = ({ lat, lng }: { lat: number; lng: number }) => `${lat.toFixed(3)}, ${lng.toFixed(3)}`;

/** Sun and moon times as 'hh:mm AM'; anything that is not an ISO time (older data) shows as it came. */
export const clockText = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? formatClock(value) : text(value);

/** A solunar period: "06:10 AM – 08:10 AM". */
export const periodLabel = (period: { start: string; end: string }) => `${formatClock(period.start)} – ${formatClock(period.end)}`;

/**
 * MM/DD/YYYY hh:mma, the seeds' format for a log's date (lists, info windows, the log details).
 * A date without a time shows as MM/DD/YYYY; anything else shows as it came.
 */
export function dateTimeLabel(local: string): string {
  const match = DATE_TIME.exec(local);
  if (!match) return local;
  const [, year, month, day, hh, mm] = match;
  if (hh === undefined) return `${month}/${day}/${year}`;
  const hour = Number(hh);
  return `${month}/${day}/${year} ${String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, '0')}:${mm}${hour < 12 ? 'am' : 'pm'}`;
}

const DAY_STYLES = {
  /** Mon, Jun 1 */
  short: { weekday: 'short', month: 'short', day: 'numeric' },
  /** Monday, June 1 */
  long: { weekday: 'long', month: 'long', day: 'numeric' },
  /** Monday */
  weekday: { weekday: 'long' },
  /** June 2026 */
  month: { month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A 'YYYY-MM-DD' day as anglers read it; read as a calendar day, so the viewer's zone cannot shift it. */
export const dayLabel = (date: string, style: keyof typeof DAY_STYLES = 'short') =>
  new Date(`${date.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', { ...DAY_STYLES[style], timeZone: 'UTC' });

/** "Jun 1, 2026": a day in a list of events. */
export const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** MMMM DD, YYYY of a local ISO string: the seeds' title of an outing. */
export function longDate(local: string): string {
  const [year, month, day] = local.slice(0, 10).split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${day}, ${year}`;
}

/** "6 AM" for an hour of the day (0-23; 24 is midnight again). */
export const hourLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour % 24 < 12 ? 'AM' : 'PM'}`;

/** "6 AM – 7 AM", the hour starting at `hour`. */
export const hourRange = (hour: number) => `${hourLabel(hour)} – ${hourLabel(hour + 1)}`;

/** "3 h 20 min" between two instants. */
export function duration(fromMs: number, toMs: number): string {
  const minutes = Math.max(0, Math.round((toMs - fromMs) / MINUTE_MS));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** "1 log", "1,204 logs". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A fish in a line: species and length, either of which may be missing. */
export const fishText = (fish: { species: string | null; length: number | null }) =>
  [fish.species, fish.length == null ? null : reading(fish.length, ' in', 2)].filter(Boolean).join(' · ');

/** The dashboard's short form: 24" Walleye. */
export const fishBrief = (fish: { species: string | null; length: number | null }) =>
  [fish.length == null ? null : `${fish.length}"`, fish.species].filter(Boolean).join(' ') || 'A fish';

/** A river gauge's flow: "512 ft3/s at Crow Wing River". */
export function waterflowText(flow: { rate: number | null; unit: string } | null, station?: string | null): string {
  if (!flow || flow.rate == null) return '-';
  return `${flow.rate} ${flow.unit}${station ? ` at ${station}` : ''}`;
}
