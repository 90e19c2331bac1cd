import type { EventInput, EventView } from '@tightlines/core/api/events';

/** The wizard's copy of the event, in the shape the server reads it: what it sends, and what the answer replaces. */
export type WizardEvent = Partial<EventInput>;

export const emptyEvent = (): WizardEvent => ({
  name: '',
  type: null,
  format: 'Points',
  size: '12',
  cost: 0,
  bagSize: 5,
  public: true,
  species: [],
  divisions: [],
  keyType: null,
  allWater: false,
  hoursInDay: 8,
  tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  lakes: [],
  schedule: [],
  pointRules: [],
  paymentProcessor: 'Stripe',
});

/** An answer's local date-time ('2027-04-03T06:00:00-05:00') as the form's wall clock ('2027-04-03T06:00'). */
export const wallClock = (local: string | null) => (local ? local.slice(0, 16) : null);

/** The server's event as the wizard edits it. */
export function fromView(e: EventView): WizardEvent {
  return {
    _id: e._id,
    name: e.name,
    type: e.type,
    subtype: e.subtype,
    format: e.format,
    size: e.size,
    cost: e.cost,
    bagSize: e.bagSize,
    description: e.description,
    public: e.public,
    image: e.image,
    rules: e.rules,
    registrationLink: e.registrationLink,
    state: e.state,
    species: e.species,
    keyType: e.keyType,
    allWater: e.allWater,
    divisions: e.divisions,
    dateStart: wallClock(e.dateStart),
    dateEnd: wallClock(e.dateEnd),
    tz: e.tz,
    hoursInDay: e.hoursInDay,
    timespan: e.timespan,
    teamSize: e.teamSize,
    seriesQuantity: e.seriesQuantity,
    lakes: e.lakes.map((l) => ({ name: l.name, location: l.location, area: l.area, areaAcres: l.areaAcres })),
    schedule: e.schedule.map((w) => ({ number: w.number, dateStart: wallClock(w.dateStart) ?? '', dateEnd: wallClock(w.dateEnd) ?? '', lakes: w.lakes })),
    pointRules: e.pointRules.map((r) => ({ species: r.species, startingValue: r.startingValue, startingPointValue: r.startingPointValue })),
    paymentProcessor: (e.paymentProcessor as WizardEvent['paymentProcessor']) ?? 'Stripe',
    paymentProcessorKey: e.paymentProcessorKey,
  };
}
