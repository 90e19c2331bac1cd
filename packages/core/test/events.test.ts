import { describe, expect, it } from 'vitest';
import { eventStatus, eventTabs, eventTarget } from '../src/events';

const now = new Date('2026-06-15T12:00:00Z');
const ev = (eventId: string, startDate: string, endDate: string) => ({ eventId, name: eventId, startDate, endDate });

describe('event widget rules', () => {
  it('derives the status from the dates', () => {
    expect(eventStatus(ev('a', '2026-06-20', '2026-06-21'), now)).toBe('Upcoming');
    expect(eventStatus(ev('a', '2026-06-14', '2026-06-16'), now)).toBe('Started');
    expect(eventStatus(ev('a', '2026-06-01', '2026-06-02'), now)).toBe('Complete');
  });

  it('orders the tabs as the seed does', () => {
    const registered = [ev('soon', '2026-06-20', '2026-06-21'), ev('on', '2026-06-14', '2026-06-16'), ev('done', '2026-06-01', '2026-06-02')];
    const owned = [ev('mine', '2026-07-01', '2026-07-02'), ev('mine-done', '2026-05-01', '2026-05-02')];
    const tabs = eventTabs(registered, owned, now);
    expect(tabs.Registered.map((e) => e.eventId)).toEqual(['on', 'soon']);
    expect(tabs.Owned.map((e) => e.eventId)).toEqual(['mine']);
    expect(tabs.Complete.map((e) => [e.eventId, e.owned])).toEqual([['done', false], ['mine-done', true]]);
    expect(eventTarget(tabs.Complete[1]!, 'Complete', true)).toBe('/event-dashboard/mine-done');
    expect(eventTarget(tabs.Registered[0]!, 'Registered', false)).toBe('/event/on');
  });
});
