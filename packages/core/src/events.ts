/** An event as the dashboard's widget knows it (the user's registered list, or events they own). */
export type EventSummary = { eventId: string; name: string; startDate: string; endDate: string };
export type EventStatus = 'Upcoming' | 'Started' | 'Complete';

/** Upcoming until the start has passed, Started until the end has passed, then Complete. */
export function eventStatus(event: Pick<EventSummary, 'startDate' | 'endDate'>, now: Date): EventStatus {
  if (Date.parse(event.endDate) < now.getTime()) return 'Complete';
  if (Date.parse(event.startDate) < now.getTime()) return 'Started';
  return 'Upcoming';
}

const byStart = (a: EventSummary, b: EventSummary) => Date.parse(a.startDate) - Date.parse(b.startDate);

/**
 * The widget's tabs: Registered lists started-but-incomplete events first, then the ones not yet
 * started; Owned lists incomplete owned events; Complete lists completed registered events, then
 * completed owned ones.
 */
export function eventTabs(registered: readonly EventSummary[], owned: readonly EventSummary[], now: Date) {
  const of = (list: readonly EventSummary[], status: EventStatus) => list.filter((e) => eventStatus(e, now) === status).sort(byStart);
  return {
    Registered: [...of(registered, 'Started'), ...of(registered, 'Upcoming')],
    Owned: [...of(owned, 'Started'), ...of(owned, 'Upcoming')],
    Complete: [
      ...of(registered, 'Complete').map((e) => ({ ...e, owned: false })),
      ...of(owned, 'Complete').map((e) => ({ ...e, owned: true })),
    ],
  };
}

/** Where a click on an event in the widget leads. */
export function eventTarget(event: EventSummary, tab: 'Registered' | 'Owned' | 'Complete', owned: boolean): string {
  if (tab === 'Owned' || (tab === 'Complete' && owned)) return `/event-dashboard/${event.eventId}`;
  return `/event/${event.eventId}`;
}
