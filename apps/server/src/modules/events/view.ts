import type { EventView } from '@tightlines/core/api/events';
import { creationFeeCents } from '@tightlines/core/events/model';
import { toLocalIso } from '@tightlines/core/time';
import type { EventsRepo } from './repo';

export type EventRecord = NonNullable<Awaited<ReturnType<EventsRepo['load']>>>;

/**
 * The event in the seed's shape, assembled from its rows. What the viewer sees depends on who they
 * are: entrants' e-mails and customFields and the owners' e-mails go to owners only; the
 * organiser's payment secret goes to nobody (only whether one is stored).
 */
export function eventView(record: EventRecord, viewer: { owner: boolean; registered: boolean }): Omit<EventView, 'leaderboard'> {
  const { event, owners, invites, lakes, weeks, weekLakes, pointRules, entries, checkins, fish, group } = record;
  const local = (d: Date | null) => (d ? toLocalIso(d, event.tz) : null);
  const lakesOfWeek = new Map<string, string[]>();
  for (const wl of weekLakes) lakesOfWeek.set(wl.weekId, [...(lakesOfWeek.get(wl.weekId) ?? []), wl.name]);
  const rule = (r: (typeof pointRules)[number]) => ({
    _id: r.id,
    species: r.species,
    startingValue: r.startingValue,
    startingPointValue: r.startingPointValue,
  });
  const schedule = weeks.map((w) => ({
    _id: w.id,
    number: w.number,
    dateStart: toLocalIso(w.dateStart, event.tz),
    dateEnd: toLocalIso(w.dateEnd, event.tz),
    lakes: lakesOfWeek.get(w.id) ?? [],
    cost: w.costCents === null ? null : w.costCents / 100,
    registrationAvailable: w.registrationAvailable,
    entries: checkins
      .filter((c) => c.weekId === w.id)
      .map((c) => c.entryId)
      .filter((id, i, all) => all.indexOf(id) === i),
  }));
  return {
    _id: event.id,
    name: event.name,
    type: event.type,
    subtype: event.subtype,
    format: event.format,
    size: event.size,
    cost: event.costCents / 100,
    bagSize: event.bagSize,
    description: event.description,
    public: event.isPublic,
    image: event.image,
    rules: event.rulesUrl,
    registrationLink: event.registrationLink,
    state: event.state,
    species: event.species,
    keyType: event.keyType,
    allWater: event.allWater,
    divisions: event.divisions,
    dateStart: local(event.dateStart),
    dateEnd: local(event.dateEnd),
    tz: event.tz,
    hoursInDay: event.hoursInDay,
    timespan: event.timespanHours,
    teamSize: event.teamSize,
    seriesQuantity: event.seriesQuantity,
    seriesDates: schedule.map((w) => ({ number: w.number, dateStart: w.dateStart, dateEnd: w.dateEnd })),
    status: event.status === 'Active' ? 'Active' : 'Draft',
    lakes: lakes.map((l) => ({
      _id: l.id,
      name: l.name,
      location: { lat: l.lat, lng: l.lng },
      area: l.outline ?? null,
      areaAcres: l.areaAcres,
      marker: { lat: l.lat, lng: l.lng },
    })),
    schedule,
    pointRules: pointRules.filter((r) => !r.custom).map(rule),
    customPointRules: pointRules.filter((r) => r.custom).map(rule),
    paymentProcessor: event.paymentProcessor,
    paymentProcessorKey: event.paymentProcessorKey,
    hasPaymentProcessorSecret: event.paymentProcessorSecret !== null,
    owners: owners.map((o) => (viewer.owner ? o : { id: o.id, username: o.username })),
    invites: viewer.owner ? invites.map((i) => ({ email: i.email, username: i.username })) : [],
    entries: entries.map((e) => ({
      _id: e.id,
      uid: e.userId,
      name: e.name,
      username: e.username,
      ...(viewer.owner ? { email: e.email, customFields: e.customFields ?? {} } : {}),
      date: e.createdAt.toISOString(),
      points: e.points,
      division: e.division,
      checkins: checkins.filter((c) => c.entryId === e.id).map((c) => ({ date: c.date.toISOString(), key: viewer.owner ? c.key : null })),
      fish: fish
        .filter((f) => f.entryId === e.id)
        .map((f) => ({
          _id: f.id,
          date: f.date.toISOString(),
          size: f.size,
          points: f.points,
          species: f.species,
          lake: f.lakeName ? { name: f.lakeName } : null,
          photos: { measurement: f.photoMeasurement, angler: f.photoAngler },
        })),
      group: group.filter((g) => g.entryId === e.id).map((g) => ({ name: g.name, division: g.division })),
      team: e.teamName ? { name: e.teamName } : null,
    })),
    fee: (event.feeCents ?? creationFeeCents(event.size, event.costCents / 100)) / 100,
    viewer,
  };
}
