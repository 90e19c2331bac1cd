import { registrationMessages as m } from './registration-messages';

export type RegistrationFacts = {
  now: Date;
  dateStart: Date | null;
  dateEnd: Date | null;
  registrationLink: string | null;
  signedIn: boolean;
  registered: boolean;
};

/**
 * Section 4: registration is allowed when the event has not started and a registration link
 * exists, or when the member is signed in, not registered and the event has not ended. A link
 * sends the browser to the organiser's site (the event takes its entries there).
 */
export type RegistrationDecision =
  | { kind: 'registered'; message: string }
  | { kind: 'link'; url: string }
  | { kind: 'sign-in' }
  | { kind: 'register' }
  | { kind: 'refused'; error: string };

export function decideRegistration(f: RegistrationFacts): RegistrationDecision {
  const started = !!f.dateStart && f.dateStart.getTime() <= f.now.getTime();
  const ended = !!f.dateEnd && f.dateEnd.getTime() < f.now.getTime();
  if (f.registered) return { kind: 'registered', message: m.alreadyRegistered };
  if (ended) return { kind: 'refused', error: m.ended };
  if (f.registrationLink) return started && !f.signedIn ? { kind: 'sign-in' } : { kind: 'link', url: f.registrationLink };
  if (!f.signedIn) return { kind: 'sign-in' };
  return { kind: 'register' };
}

/** Whether the event is a team event: the organiser picked the 'team' subtype. */
export function isTeamEvent(event: { subtype: string | null }): boolean {
  return event.subtype?.toLowerCase() === 'team';
}

/** A week of a series can be entered while registration is open for it and it has not ended. */
export function openWeeks<T extends { dateEnd: Date; registrationAvailable: boolean }>(weeks: T[], now: Date): T[] {
  return weeks.filter((w) => w.registrationAvailable && w.dateEnd.getTime() > now.getTime());
}

/**
 * What a series registration costs, in cents (the checkout modal shows each week's cost): when the
 * organiser priced the weeks, each week still open at its own cost; otherwise the event's cost once.
 * Weeks already fished or closed to registration are not charged.
 */
export function seriesCostCents(
  eventCostCents: number,
  weeks: Array<{ costCents: number | null; dateEnd: Date; registrationAvailable: boolean }>,
  now: Date,
): number {
  if (!weeks.some((w) => w.costCents !== null)) return eventCostCents;
  return openWeeks(weeks, now).reduce((sum, w) => sum + (w.costCents ?? 0), 0);
}
