/** Dates as the events screens show them, on the event's own clock whatever the reader's zone. */
const parts = (iso: string, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, ...options }).formatToParts(new Date(iso)).map((p) => [p.type, p.value]),
  ) as Record<string, string>;

/** The list's start date: MM/DD/YY h:mm a, e.g. 04/03/27 6:00 AM. */
export function listDate(iso: string, timeZone: string): string {
  if (!iso) return '-';
  const p = parts(iso, timeZone, { month: '2-digit', day: '2-digit', year: '2-digit', hour: 'numeric', minute: '2-digit', hour12: true });
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** The details header's range, month and day: "Apr 3 – Apr 5" (one day: "Apr 3"). */
export function dayRange(start: string | null, end: string | null, timeZone: string): string {
  if (!start) return '';
  const day = (iso: string) => new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric' }).format(new Date(iso));
  const from = day(start);
  const to = end ? day(end) : from;
  return from === to ? from : `${from} – ${to}`;
}

/** Entry fee as the header shows it. */
export const feeText = (cost: number, free: string) => (cost > 0 ? `$${cost.toFixed(2).replace(/\.00$/, '')}` : free);

/** Where a list item leads: Series to /series/{id}, others to /event/{id}. */
export const eventPath = (event: { _id: string; type: string | null }) =>
  `/${event.type === 'Series' ? 'series' : 'event'}/${encodeURIComponent(event._id)}`;
