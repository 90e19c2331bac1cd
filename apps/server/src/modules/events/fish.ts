import type { EnterFishInput, EventView } from '@tightlines/core/api/events';
import { checkFish, isBigFish, newLeader } from '@tightlines/core/events/fish';
import { eventMessages as m } from '@tightlines/core/events/messages';
import { ownerMessages } from '@tightlines/core/events/owner';
import { isTimeZone } from '@tightlines/core/time';
import type { Principal } from '../../access/principal';
import type { Transaction } from '../../db/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { FileStorage } from '../../providers/storage/storage';
import type { FishRepo } from './fish-repo';
import { boardFish, type Leaderboard } from './leaderboard';
import type { EventsPublisher, FishAccepted } from './publisher';

/**
 * An upload filed under one of `members` as upload-image answered it (`/uploads/logs/<user id>/<uuid>.jpg`,
 * with or without its viewer signature): its storage key and the file's own id, else null.
 */
function upload(members: string[], url: string): { key: string; id: string } | null {
  const match = /^\/uploads\/(logs\/([0-9a-f-]{36})\/([0-9a-f-]{36})\.jpg)(\?.*)?$/.exec(url);
  return match?.[1] && match[3] && match[2] && members.includes(match[2]) ? { key: match[1], id: match[3] } : null;
}

/** Where a fish goes: an entry, and on a team entry the member who caught it. */
export type Entrant = { entryId: string; memberId: string | null };

type Deps = {
  repo: FishRepo;
  /** From check-in (wired in app.ts): the entry's check-in running at `now`, by check-in's one rule. */
  activeCheckin: (entryId: string, now: Date) => Promise<{ key: string | null } | null>;
  /** From the photos module (wired in app.ts): which of these storage keys the member uploaded. */
  photos: { uploadedBy(userId: string, keys: string[]): Promise<unknown[]> };
  leaderboard: Leaderboard;
  /** The event as the caller may see it (404 when they may not), with its board. */
  view: (principal: Principal, eventId: string) => Promise<EventView>;
  publisher: EventsPublisher;
  storage: Pick<FileStorage, 'read' | 'put'>;
  transaction: Transaction;
  now: () => Date;
};

/**
 * Fish entry (seed 002 sections 4 and 5): a checked-in entrant's fish, proven by two of their own
 * photos, scored by the event's point rules and stamped with the day's key. Not a log: it never
 * touches the logs or the monthly allowance.
 */
export class FishService {
  constructor(private readonly deps: Deps) {}

  /**
   * A fish photo is public on the leaderboard, while the upload stays the angler's (served only
   * through signed URLs): the file is copied to `events/<event>/<upload id>.jpg`, the same name for
   * the same upload, so a double submit names the same photos and the unique index stores it once.
   * The copy names neither the angler nor their account; the upload itself (and its EXIF row) stays.
   */
  private async publish(eventId: string, source: { key: string; id: string }): Promise<string> {
    const body = await this.deps.storage.read(source.key);
    if (!body) throw badRequest(m.fishPhotoNotYours);
    return (await this.deps.storage.put(`events/${eventId}/${source.id}.jpg`, body, 'image/jpeg')).url;
  }

  async enter(principal: Principal, eventId: string, input: EnterFishInput): Promise<EventView> {
    const entrant = await this.deps.repo.entrant(eventId, principal);
    if (!entrant) {
      // Someone who may not see the event learns nothing about it.
      await this.deps.view(principal, eventId);
      throw badRequest(m.fishNotRegistered);
    }
    await this.accept(eventId, input, { entrant, enteredBy: principal.userId, owner: null });
    return this.deps.view(principal, eventId);
  }

  /**
   * An owner's fish for an entry of their event (admin/enter-fish; the owner service has checked
   * ownership and found the entry): scored and proven the same way, with photos the owner uploaded,
   * their own or for the entry's `account` (upload-image/{uid}). The organiser vouches for it, so
   * no check-in is needed (the running one's key is stamped when there is one), and it may be
   * entered after the end, dated when it was caught.
   */
  async enterForEntry(principal: Principal, eventId: string, entrant: Entrant, input: EnterFishInput, by: { caught: Date | null; account: string | null }): Promise<EventView> {
    await this.accept(eventId, input, { entrant, enteredBy: principal.userId, owner: by });
    return this.deps.view(principal, eventId);
  }

  private async accept(
    eventId: string,
    input: EnterFishInput,
    by: { entrant: Entrant; enteredBy: string; owner: { caught: Date | null; account: string | null } | null },
  ): Promise<void> {
    const { repo } = this.deps;
    const { entrant, enteredBy } = by;
    const now = this.deps.now();
    const accepted = await this.deps.transaction(async () => {
      const event = await repo.lockEvent(eventId);
      if (!event || event.status !== 'Active') throw notFound(m.notFound);
      const ended = event.dateEnd !== null && event.dateEnd.getTime() < now.getTime();
      let date = now;
      let key: string | null;
      if (by.owner) {
        if (!event.dateStart || event.dateStart.getTime() > now.getTime()) throw badRequest(m.fishNotStarted);
        date = by.owner.caught ?? (ended && event.dateEnd ? event.dateEnd : now);
        if (date < event.dateStart || date > now || (event.dateEnd && date > event.dateEnd)) throw badRequest(ownerMessages.fishDateOutside);
        key = (await this.deps.activeCheckin(entrant.entryId, date))?.key ?? null;
      } else {
        if (ended) throw badRequest(m.fishEnded);
        if (!event.dateStart || event.dateStart.getTime() > now.getTime()) throw badRequest(m.fishNotStarted);
        const checkin = await this.deps.activeCheckin(entrant.entryId, now);
        if (!checkin) throw badRequest(m.fishNoCheckin);
        key = checkin.key;
      }

      const rules = await repo.pointRules(eventId);
      const checked = checkFish(event, rules, { species: input.species, size: input.size, photos: input.photos });
      if ('error' in checked) throw badRequest(checked.error);
      const filedUnder = by.owner?.account ? [enteredBy, by.owner.account] : [enteredBy];
      const measurementUpload = upload(filedUnder, input.photos.measurement as string);
      const anglerUpload = upload(filedUnder, input.photos.angler as string);
      if (!measurementUpload || !anglerUpload) throw badRequest(m.fishPhotoNotYours);
      if (measurementUpload.id === anglerUpload.id) throw badRequest(m.fishSamePhoto);
      // Whoever the files are filed under, the caller must have sent them: the angler's own uploads stay theirs.
      const uploaded = await this.deps.photos.uploadedBy(enteredBy, [measurementUpload.key, anglerUpload.key]);
      if (uploaded.length !== 2) throw badRequest(m.fishPhotoNotYours);
      const measurement = await this.publish(eventId, measurementUpload);
      const angler = await this.publish(eventId, anglerUpload);

      const before = await this.deps.leaderboard.leaderboardFor(eventId);
      const biggestBefore = await repo.biggest(eventId);
      const lake = input.lake ? await repo.lakeNamed(eventId, input.lake) : undefined;
      const fish = await repo.insert({
        eventId,
        entryId: entrant.entryId,
        groupMemberId: entrant.memberId,
        lakeId: lake?.id ?? null,
        lakeName: lake?.name ?? input.lake,
        date,
        size: checked.size,
        points: checked.points,
        species: checked.species,
        lure: input.lure,
        key,
        photoMeasurement: measurement,
        photoAngler: angler,
        lat: input.lat ?? null,
        lng: input.lng ?? null,
        tz: input.tz && isTimeZone(input.tz) ? input.tz : event.tz,
        enteredBy,
      });
      if (!fish) {
        // A double submit (same photos, same angler) is the fish already stored; a photo reused for another fish is not.
        const existing = await repo.withPhotos(eventId, measurement, angler);
        const same = existing.length === 1 && existing[0]?.photoMeasurement === measurement && existing[0].photoAngler === angler && existing[0].entryId === entrant.entryId;
        if (!same) throw conflict(m.fishPhotoUsed);
        return null;
      }
      await repo.refreshEntryPoints(entrant.entryId);
      const board = await this.deps.leaderboard.leaderboardFor(eventId);
      const row = board.find((r) => r.entryId === entrant.entryId && r.memberId === entrant.memberId);
      const update: FishAccepted = {
        board,
        fish: { ...boardFish(fish, event.tz), entryId: entrant.entryId, memberId: entrant.memberId, name: row?.name ?? '' },
        newLeader: newLeader(before, board),
        bigFish: isBigFish(fish.size, biggestBefore),
      };
      return update;
    });
    // Announced once committed, so no viewer sees a fish that was rolled back.
    if (accepted) this.deps.publisher.fishAccepted(eventId, accepted);
  }
}
