import type { CheckinAnswer } from '@tightlines/core/api/events';
import { checkinWaterProblem, decideCheckin } from '@tightlines/core/events/checkin';
import { keycodeAt } from '@tightlines/core/events/keycode';
import { eventMessages } from '@tightlines/core/events/messages';
import { registrationMessages as m } from '@tightlines/core/events/registration-messages';
import { isTimeZone } from '@tightlines/core/time';
import type { Principal } from '../../access/principal';
import type { Transaction } from '../../db/context';
import { HttpError, badRequest, notFound } from '../../lib/errors';
import type { PlacesProvider } from '../../providers/places/places';
import type { CheckinRepo } from './checkin-repo';
import type { EventsRepo } from './repo';
import type { RegistrationRepo } from './registration-repo';
import type { EventsService } from './service';

export { activeCheckin } from './checkin-repo';

type Deps = {
  events: EventsService;
  eventsRepo: EventsRepo;
  registrations: RegistrationRepo;
  repo: CheckinRepo;
  places: Pick<PlacesProvider, 'reverse'>;
  transaction: Transaction;
  now: () => Date;
};

type CheckinBody = { tz: string | null; position: { lat: number; lng: number } | null };

/** How an owner's check-in of one entry went: a new check-in, the running one, or refused by the rules. */
export type OwnerCheckin = { entryId: string } & ({ kind: 'new' | 'again'; key: string | null } | { kind: 'refused'; error: string; status: 400 | 403 | 409 });

/** Check-in: a registered angler on the event's water starts fishing and gets the day's key. */
export class CheckinService {
  constructor(private readonly deps: Deps) {}

  async checkin(principal: Principal, id: string, body: CheckinBody): Promise<CheckinAnswer> {
    await this.deps.events.view(principal, id);
    const event = await this.deps.eventsRepo.find(id);
    if (!event || event.status !== 'Active') throw notFound(eventMessages.notFound);
    const entry = await this.deps.registrations.entryOf(id, principal.userId);
    const [weeks, lakes] = await Promise.all([this.deps.repo.weeks(id), this.deps.repo.lakes(id)]);

    const result = await this.deps.transaction(async () => {
      // One check-in at a time per entry, across nodes: a double tap finds the first one's row.
      if (entry) await this.deps.repo.lockEntry(entry.id);
      const checkins = entry ? await this.deps.repo.checkins(entry.id) : [];
      const now = this.deps.now();
      const decision = decideCheckin({
        now,
        dateStart: event.dateStart,
        dateEnd: event.dateEnd,
        registered: entry !== undefined,
        timespanHours: event.timespanHours,
        weeks,
        checkins,
      });
      if (decision.kind === 'refused') throw new HttpError(decision.status, decision.error);
      if (decision.kind === 'again') {
        const active = checkins.find((c) => c.date.getTime() === decision.since.getTime());
        return { key: active?.key ?? null, message: decision.message };
      }
      if (!body.position) throw badRequest(m.positionRequired);
      const place = this.deps.places.reverse(body.position.lat, body.position.lng);
      const problem = checkinWaterProblem({
        position: body.position,
        lakes,
        allWater: event.allWater,
        eventState: event.state,
        stateAtPosition: { code: place.state, name: place.stateName },
      });
      if (problem) throw badRequest(problem);
      const secret = await this.deps.repo.secretOf(id);
      if (!secret) throw notFound(eventMessages.notFound);
      const key = keycodeAt(event, secret, now);
      await this.deps.repo.insert({
        entryId: (entry as { id: string }).id,
        weekId: decision.weekId,
        date: now,
        key,
        lat: body.position.lat,
        lng: body.position.lng,
        tz: body.tz && isTimeZone(body.tz) ? body.tz : null,
      });
      return { key, message: decision.message };
    });
    return { error: null, key: result.key, message: result.message, event: await this.deps.events.view(principal, id) };
  }

  /**
   * An owner checks entries in (admin/checkin, Checkin All Entries): the angler's rules and the
   * day's key, without a position, since the organiser vouches for where the angler is. Each entry
   * is decided under its own row lock, so a double submit or an angler checking in at the same time
   * stores one check-in. Event-wide refusals (not started, ended, no week running) throw.
   */
  async checkInForOwner(eventId: string, entryIds: string[]): Promise<OwnerCheckin[]> {
    const event = await this.deps.eventsRepo.find(eventId);
    if (!event || event.status !== 'Active') throw notFound(eventMessages.notFound);
    const [weeks, secret] = await Promise.all([this.deps.repo.weeks(eventId), this.deps.repo.secretOf(eventId)]);
    if (!secret) throw notFound(eventMessages.notFound);
    const facts = { dateStart: event.dateStart, dateEnd: event.dateEnd, registered: true, timespanHours: event.timespanHours, weeks };
    const eventWide = decideCheckin({ ...facts, now: this.deps.now(), checkins: [] });
    if (eventWide.kind === 'refused') throw new HttpError(eventWide.status, eventWide.error);
    const results: OwnerCheckin[] = [];
    for (const entryId of entryIds) {
      results.push(
        await this.deps.transaction(async (): Promise<OwnerCheckin> => {
          await this.deps.repo.lockEntry(entryId);
          const checkins = await this.deps.repo.checkins(entryId);
          const now = this.deps.now();
          const decision = decideCheckin({ ...facts, now, checkins });
          if (decision.kind === 'refused') return { entryId, ...decision };
          if (decision.kind === 'again') return { entryId, kind: 'again', key: checkins.find((c) => c.date.getTime() === decision.since.getTime())?.key ?? null };
          const key = keycodeAt(event, secret, now);
          await this.deps.repo.insert({ entryId, weekId: decision.weekId, date: now, key, lat: null, lng: null, tz: null });
          return { entryId, kind: 'new', key };
        }),
      );
    }
    return results;
  }
}
