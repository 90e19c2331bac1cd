import type { AdminFishBody, ManualEntryBody, OwnerDashboard, OwnerEntry } from '@tightlines/core/api/event-owner';
import { isUuid } from '@tightlines/core/api/contract';
import type { MuskieRegistered } from '@tightlines/core/api/event-payments';
import type { EventView, LeaderboardRow } from '@tightlines/core/api/events';
import { activeCheckinOf } from '@tightlines/core/events/checkin';
import { muskieRegistration, type MuskieRegistration } from '@tightlines/core/events/muskie';
import { emailRule } from '@tightlines/core/accounts';
import { eventMessages } from '@tightlines/core/events/messages';
import { entryTotal, MAX_FISH_INCHES, ownerMessages as m, round2 } from '@tightlines/core/events/owner';
import { exifDisagreements, type PhotoExifData } from '@tightlines/core/events/photo-exif';
import type { Principal } from '../../access/principal';
import type { Transaction } from '../../db/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import type { Mailer } from '../../providers/mail/mailer';
import { entriesCsv } from './owner-export';
import type { OwnerCheckin } from './checkin';
import type { Entrant } from './fish';
import type { OwnerRepo } from './owner-repo';
import type { EventsPublisher } from './publisher';

type Deps = {
  repo: OwnerRepo;
  transaction: Transaction;
  /** The event as its owner sees it: what every owner call answers (EventsService.view). */
  view: (principal: Principal, id: string) => Promise<EventView>;
  /** Fish entry's service (FishService.enterForEntry): an owner's fish is scored and proven like an angler's. */
  enterFish: (principal: Principal, eventId: string, entrant: Entrant, input: AdminFishBody, by: { caught: Date | null; account: string | null }) => Promise<EventView>;
  /** Check-in's rules and key, without a position (CheckinService.checkInForOwner). */
  checkIn: (eventId: string, entryIds: string[]) => Promise<OwnerCheckin[]>;
  /** Uploads' EXIF rows by storage key (the photos module). */
  exif: (keys: string[]) => Promise<Array<PhotoExifData & { key: string }>>;
  /** The muskie form's registration in admin mode (EventPaymentsService.registerMuskie, wired in app.ts). */
  muskie: (principal: Principal, id: string, body: MuskieRegistration, requestKey: string) => Promise<MuskieRegistered>;
  /** The ranked board (LeaderboardService), pushed to live viewers after each change an owner makes to it. */
  leaderboard: (eventId: string) => Promise<LeaderboardRow[]>;
  publisher: EventsPublisher;
  mailer: Mailer;
  publicUrl: string;
  log: { error(obj: unknown, msg: string): void };
  now: () => Date;
};

const isTeamEvent = (event: { subtype: string | null }) => event.subtype?.toLowerCase() === 'team';

/**
 * The uploads a published fish photo may have been copied from: fish entry copies
 * `logs/<member>/<id>.jpg` to `events/<event>/<id>.jpg`, the member being whoever entered the fish
 * or, for an owner's upload for the angler, the entry's account; the EXIF row is keyed by the upload.
 */
function uploadKeysOf(photo: string | null, members: Array<string | null>): string[] {
  const id = photo && /^\/uploads\/events\/[0-9a-f-]{36}\/([0-9a-f-]{36})\.jpg$/.exec(photo)?.[1];
  return id ? members.filter((member) => member !== null).map((member) => `logs/${member}/${id}.jpg`) : [];
}

const exifView = (row: (PhotoExifData & { key: string }) | undefined) =>
  row ? { takenAt: row.takenAt, lat: row.lat, lng: row.lng, make: row.make, model: row.model, software: row.software } : null;
const validEmail = (value: string) => emailRule.safeParse(value);

/**
 * The owner dashboard's use cases. Each one asks first whether the caller owns the event (404 when
 * there is no such event, 403 when it is not theirs), never trusting the client's lists: the
 * entry, fish or owner named is looked up in this event, and totals are recomputed here.
 */
export class OwnerService {
  constructor(private readonly deps: Deps) {}

  /** The guard of every owner call. */
  async ownedEvent(principal: Principal, eventId: string) {
    const event = await this.deps.repo.eventOf(eventId);
    if (!event) throw notFound(eventMessages.notFound);
    if (!(await this.deps.repo.isOwner(eventId, principal.userId))) throw forbidden(m.notOwner);
    return event;
  }

  async dashboard(principal: Principal, eventId: string): Promise<OwnerDashboard> {
    await this.ownedEvent(principal, eventId);
    const event = await this.deps.view(principal, eventId);
    const entries = await this.entries(eventId, event);
    return { event, entries, now: this.deps.now().toISOString() };
  }

  private async entries(eventId: string, event: Pick<EventView, 'tz' | 'timespan'>): Promise<OwnerEntry[]> {
    const eventTz = event.tz;
    const now = this.deps.now();
    const { entries, group, checkins, fish, overrides } = await this.deps.repo.entries(eventId);
    const memberName = new Map(group.map((g) => [g.id, g.name]));
    const accountOf = new Map(entries.map((e) => [e.id, e.userId]));
    const uploaders = (f: (typeof fish)[number]) => [f.enteredBy, accountOf.get(f.entryId) ?? null];
    const keys = fish.flatMap((f) => [...uploadKeysOf(f.photoMeasurement, uploaders(f)), ...uploadKeysOf(f.photoAngler, uploaders(f))]);
    const exif = new Map((await this.deps.exif(keys)).map((row) => [row.key, row]));
    const exifOf = (photo: string | null, f: (typeof fish)[number]) => exifView(uploadKeysOf(photo, uploaders(f)).map((key) => exif.get(key)).find((row) => row !== undefined));
    const exifFor = (f: (typeof fish)[number]) => {
      const measurement = exifOf(f.photoMeasurement, f);
      const angler = exifOf(f.photoAngler, f);
      const fishAt = { date: f.date.toISOString(), lat: f.lat, lng: f.lng, tz: f.tz };
      const disagreements = [...exifDisagreements(measurement, fishAt, eventTz), ...exifDisagreements(angler, fishAt, eventTz)];
      return { measurement, angler, disagreements: [...new Set(disagreements)] };
    };
    return entries.map((e) => {
      const override = overrides.find((o) => o.entryId === e.id);
      const entryCheckins = checkins.filter((c) => c.entryId === e.id);
      return {
        _id: e.id,
        uid: e.userId,
        id: e.tournamentId,
        name: e.name,
        username: e.username,
        email: e.email,
        linked: e.linked,
        division: e.division,
        date: e.createdAt.toISOString(),
        points: e.points,
        pointsOverride: override ? { points: override.points, fishPoints: override.fishPoints, by: override.by, at: override.at.toISOString() } : null,
        team: e.teamName ? { name: e.teamName, emails: e.teamEmails.map((value) => ({ value })) } : null,
        group: group
          .filter((g) => g.entryId === e.id)
          .map((g) => ({ name: g.name, email: g.email, gender: g.gender, junior: g.junior, senior: g.senior, division: g.division })),
        checkins: entryCheckins.map((c) => ({ date: c.date.toISOString(), key: c.key })),
        checkedIn: activeCheckinOf(entryCheckins, event.timespan, now) !== null,
        fish: fish
          .filter((f) => f.entryId === e.id)
          .map((f) => ({
            _id: f.id,
            date: f.date.toISOString(),
            size: f.size,
            points: f.points,
            species: f.species,
            lure: f.lure,
            key: f.key,
            lake: f.lakeName ? { name: f.lakeName } : null,
            flag: f.flag,
            photos: { measurement: f.photoMeasurement, angler: f.photoAngler },
            lat: f.lat,
            lng: f.lng,
            tz: f.tz,
            memberName: f.groupMemberId ? (memberName.get(f.groupMemberId) ?? null) : null,
            enteredBy: f.enteredByName,
            exif: exifFor(f),
          })),
        customFields: e.customFields ?? {},
      };
    });
  }

  /**
   * Adds an entry by e-mail. A team event needs a team name and one valid e-mail per member. The
   * same e-mail and name again (a double submit) answers the entry already there. When the e-mail
   * is a member's account, the entry is linked to it unless that account already has an entry.
   */
  async registerManual(principal: Principal, eventId: string, body: ManualEntryBody): Promise<EventView> {
    const event = await this.ownedEvent(principal, eventId);
    const email = body.user.email.trim();
    if (!email) throw badRequest(m.emailRequired);
    const parsed = validEmail(email);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? m.emailRequired);
    let teamName: string | null = null;
    let teamEmails: string[] = [];
    if (isTeamEvent(event)) {
      teamName = (body.teamName ?? body.team?.name ?? '').trim() || null;
      if (!teamName) throw badRequest(m.teamNameRequired);
      teamEmails = (body.team?.emails ?? []).map((e) => e.value.trim());
      const max = Math.max(event.teamSize ?? 2, 1);
      if (teamEmails.length > max) throw badRequest(m.teamTooBig(max));
      if (teamEmails.length === 0 || teamEmails.some((e) => !validEmail(e).success)) throw badRequest(m.teamEmails);
      teamEmails = teamEmails.map((e) => e.toLowerCase());
    }
    const name = (body.user.name ?? '').trim() || email.split('@')[0]!;
    await this.deps.transaction(async () => {
      await this.deps.repo.lockEvent(eventId);
      if (await this.deps.repo.sameEntry(eventId, parsed.data, name)) return;
      const account = await this.deps.repo.userByEmail(parsed.data);
      const linkable = account && !(await this.deps.repo.entryOfUser(eventId, account.id));
      const wanted = body.id?.trim();
      if (wanted && (await this.deps.repo.tournamentIdTaken(eventId, wanted))) throw conflict(`The ID ${wanted} is already used in this event.`);
      const tournamentId = wanted || (await this.deps.repo.nextTournamentId(eventId));
      await this.deps.repo.insertEntry(
        eventId,
        {
          userId: linkable ? account.id : null,
          linked: !!linkable,
          name,
          username: linkable ? account.username : (body.user.username ?? null),
          email: parsed.data,
          tournamentId,
          division: body.division ?? null,
          teamName,
          teamEmails,
          customFields: { ...(body.customFields ?? {}), administered: true },
        },
        teamEmails.map((e) => ({ name: e, email: e, division: body.division ?? null })),
      );
    });
    return this.deps.view(principal, eventId);
  }

  /**
   * The muskie form in the owner's admin mode: the seed's payload, every rule of the form, no
   * payment; a blank ID is assigned, a typed one must be free in this event.
   */
  async registerMuskieManual(principal: Principal, eventId: string, body: ManualEntryBody, requestKey: string): Promise<EventView & { registration: MuskieRegistered }> {
    await this.ownedEvent(principal, eventId);
    const parsed = muskieRegistration.safeParse(body);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'That registration is not valid.');
    const registration = await this.deps.muskie(principal, eventId, parsed.data, requestKey);
    return { ...(await this.deps.view(principal, eventId)), registration };
  }

  /** Saves an entry's details; fields not sent stay as they were. Points are never taken from here. */
  async editEntry(
    principal: Principal,
    eventId: string,
    entry: { _id: string; name?: string; email?: string; id?: string | null; division?: string | null; team?: { name: string } | null; customFields?: Record<string, unknown> },
  ): Promise<EventView> {
    await this.ownedEvent(principal, eventId);
    const row = await this.deps.repo.entry(eventId, entry._id);
    if (!row) throw notFound(m.entryNotFound);
    const tournamentId = entry.id === undefined ? undefined : entry.id?.trim() || null;
    if (tournamentId && (await this.deps.repo.tournamentIdTaken(eventId, tournamentId, row.id))) throw conflict(`The ID ${tournamentId} is already used in this event.`);
    await this.deps.repo.updateEntry(row.id, {
      ...(entry.name !== undefined ? { name: entry.name } : {}),
      ...(entry.email !== undefined ? { email: entry.email } : {}),
      ...(tournamentId !== undefined ? { tournamentId } : {}),
      ...(entry.division !== undefined ? { division: entry.division || null } : {}),
      ...(entry.team !== undefined && row.teamName !== null ? { teamName: entry.team?.name || row.teamName } : {}),
      ...(entry.customFields !== undefined ? { customFields: entry.customFields } : {}),
    });
    return this.deps.view(principal, eventId);
  }

  /** Removes the named entry only; an entry already gone answers the event as it is. */
  async removeEntry(principal: Principal, eventId: string, entryId: string): Promise<EventView> {
    await this.ownedEvent(principal, eventId);
    await this.deps.repo.deleteEntry(eventId, entryId);
    await this.boardChanged(eventId);
    return this.deps.view(principal, eventId);
  }

  async flagFish(principal: Principal, input: { eventId: string; fishId: string; flag: boolean }): Promise<EventView> {
    await this.ownedEvent(principal, input.eventId);
    await this.deps.transaction(async () => {
      const fish = await this.deps.repo.fish(input.eventId, input.fishId);
      if (!fish) throw notFound(m.fishNotFound);
      if (fish.flag !== input.flag) await this.deps.repo.updateFish(fish.id, { flag: input.flag });
      await this.recompute(fish.entryId);
    });
    await this.boardChanged(input.eventId);
    return this.deps.view(principal, input.eventId);
  }

  /** Deletes a fish of the event; one already deleted answers the event as it is. */
  async deleteFish(principal: Principal, input: { eventId: string; fishId: string }): Promise<EventView> {
    await this.ownedEvent(principal, input.eventId);
    await this.deps.transaction(async () => {
      const fish = await this.deps.repo.fish(input.eventId, input.fishId);
      if (!fish) return;
      await this.deps.repo.deleteFish(fish.id);
      await this.recompute(fish.entryId);
    });
    await this.boardChanged(input.eventId);
    return this.deps.view(principal, input.eventId);
  }

  /**
   * Edits a fish: size and points rounded to 2 decimals, size at most 60 inches. `totalPoints`
   * that differs from what the fish add up to is kept as the entry's total, with who and when;
   * null clears it; absent leaves it.
   */
  async editFish(
    principal: Principal,
    eventId: string,
    input: {
      entryId: string;
      fishId: string;
      fish: { size?: number; points?: number; species?: string | null; lure?: string | null; lake?: string | null };
      totalPoints?: number | null;
    },
  ): Promise<EventView> {
    await this.ownedEvent(principal, eventId);
    const { fish } = input;
    const size = fish.size === undefined ? undefined : round2(fish.size);
    if (size !== undefined && size <= 0) throw badRequest(m.fishSize);
    if (size !== undefined && size > MAX_FISH_INCHES) throw badRequest(m.fishTooBig);
    await this.deps.transaction(async () => {
      const row = await this.deps.repo.fish(eventId, input.fishId);
      if (!row || row.entryId !== input.entryId) throw notFound(m.fishNotFound);
      await this.deps.repo.updateFish(row.id, {
        ...(size !== undefined ? { size } : {}),
        ...(fish.points !== undefined ? { points: round2(fish.points) } : {}),
        ...(fish.species !== undefined ? { species: fish.species || null } : {}),
        ...(fish.lure !== undefined ? { lure: fish.lure || null } : {}),
        ...(fish.lake !== undefined ? { lakeName: fish.lake || null } : {}),
      });
      const fishPoints = entryTotal(await this.deps.repo.fishOfEntry(row.entryId));
      if (input.totalPoints === null) await this.deps.repo.clearOverride(row.entryId);
      else if (input.totalPoints !== undefined) {
        const points = round2(input.totalPoints);
        if (points === fishPoints) await this.deps.repo.clearOverride(row.entryId);
        else await this.deps.repo.setOverride(row.entryId, { points, fishPoints, setBy: principal.userId, setAt: this.deps.now() });
      }
      await this.recompute(row.entryId);
    });
    await this.boardChanged(eventId);
    return this.deps.view(principal, eventId);
  }

  /** Live viewers get the board after the change; a failure to read or send it never undoes the change. */
  private async boardChanged(eventId: string): Promise<void> {
    try {
      this.deps.publisher.boardChanged(eventId, await this.deps.leaderboard(eventId));
    } catch (error) {
      this.deps.log.error({ err: error, eventId }, 'live leaderboard: the changed board was not sent');
    }
  }

  /** The entry's total: an owner's override when there is one, else its unflagged fish. */
  private async recompute(entryId: string): Promise<void> {
    const fishPoints = entryTotal(await this.deps.repo.fishOfEntry(entryId));
    const override = await this.deps.repo.override(entryId);
    if (override && override.fishPoints !== fishPoints) {
      // The fish changed under the override: it stays the total, and records the new sum beside it.
      await this.deps.repo.setOverride(entryId, { points: override.points, fishPoints, setBy: override.setBy, setAt: override.setAt });
    }
    await this.deps.repo.setPoints(entryId, override ? override.points : fishPoints);
  }

  /**
   * admin/enter-fish: a fish for an entry of this event, named by `entryId`, else by the account
   * (`userId`) or e-mail (`userEmail`, a team member's too) it was entered under; several entries
   * under one e-mail (an adult and a junior) are told apart by `userName`. An entry of another
   * event is not found here, whatever its id.
   */
  async enterFish(principal: Principal, eventId: string, body: AdminFishBody): Promise<EventView> {
    await this.ownedEvent(principal, eventId);
    let entrant: Entrant | undefined;
    let account: string | null;
    if (body.entryId) {
      const row = await this.deps.repo.entry(eventId, body.entryId);
      if (!row) throw notFound(m.entryNotFound);
      entrant = { entryId: row.id, memberId: null };
      account = row.userId;
    } else {
      const userId = body.userId && isUuid(body.userId) ? body.userId : null;
      if (!userId && !body.userEmail) throw badRequest(m.fishFor);
      const found = await this.deps.repo.entrantsOf(eventId, { userId, email: body.userEmail });
      const named = body.userName ? found.find((e) => e.name.toLowerCase() === body.userName?.toLowerCase()) : undefined;
      const chosen = named ?? found[0];
      if (!chosen) throw notFound(m.entryNotFound);
      entrant = { entryId: chosen.entryId, memberId: chosen.memberId };
      account = chosen.userId;
    }
    const view = await this.deps.enterFish(principal, eventId, entrant, body, { caught: body.date ? new Date(body.date) : null, account });
    // An owner's total set by hand stays the total: fish entry only adds the fish up.
    await this.deps.transaction(() => this.recompute(entrant.entryId));
    return view;
  }

  /**
   * admin/checkin: checks in the entries under this e-mail (an adult and the junior they
   * registered share one), or the team entry listing it. Already checked in answers so (200).
   */
  async checkIn(principal: Principal, eventId: string, email: string) {
    await this.ownedEvent(principal, eventId);
    const found = await this.deps.repo.entrantsOf(eventId, { email });
    if (found.length === 0) throw notFound(m.entryNotFound);
    const entryIds = [...new Set(found.map((e) => e.entryId))];
    const results = await this.deps.checkIn(eventId, entryIds);
    const refused = results.find((r) => r.kind === 'refused');
    if (refused?.kind === 'refused' && results.every((r) => r.kind === 'refused')) throw new HttpError(refused.status, refused.error);
    const names = found.filter((e, i) => found.findIndex((o) => o.entryId === e.entryId) === i).map((e) => e.name).join(' and ');
    const checkedIn = results.filter((r) => r.kind === 'new').length;
    if (checkedIn > 0) await this.boardChanged(eventId);
    return { message: checkedIn > 0 ? m.checkedIn(names) : m.alreadyCheckedIn(names), checkedIn, event: await this.deps.view(principal, eventId) };
  }

  /** Checkin All Entries: every entry not checked in yet; one that used its week is told apart. */
  async checkInAll(principal: Principal, eventId: string) {
    await this.ownedEvent(principal, eventId);
    const results = await this.deps.checkIn(eventId, await this.deps.repo.entryIds(eventId));
    const checkedIn = results.filter((r) => r.kind === 'new').length;
    const refused = results.filter((r) => r.kind === 'refused');
    const first = refused[0];
    const message = m.checkedInAll(checkedIn) + (first?.kind === 'refused' ? m.checkinAllRefused(refused.length, first.error) : '');
    if (checkedIn > 0) await this.boardChanged(eventId);
    return { message, checkedIn, event: await this.deps.view(principal, eventId) };
  }

  /** Invites to a private event by e-mail or username; an account found is invited by id too and mailed. */
  async invite(principal: Principal, eventId: string, user: string | { email?: string | null; username?: string | null }): Promise<EventView> {
    const event = await this.ownedEvent(principal, eventId);
    if (event.isPublic) throw badRequest(m.invitePublic);
    const who = typeof user === 'string' ? user.trim() : (user.email ?? user.username ?? '').trim();
    if (!who) throw badRequest(m.inviteWho);
    const byEmail = who.includes('@');
    let account;
    if (byEmail) {
      const parsed = validEmail(who);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? m.inviteWho);
      account = await this.deps.repo.userByEmail(parsed.data);
    } else {
      account = await this.deps.repo.userByUsername(who);
      if (!account) throw notFound(m.noUserWithUsername(who));
    }
    const added = await this.deps.repo.invite(eventId, {
      userId: account?.id ?? null,
      email: byEmail ? who.toLowerCase() : null,
      username: byEmail ? null : (account?.username ?? who),
    });
    const to = account?.email ?? (byEmail ? who : null);
    if (added && to) {
      const link = `${this.deps.publicUrl}/event/${eventId}`;
      await this.deps.mailer
        .send({
          to,
          subject: `You are invited to ${event.name ?? 'a fishing event'}`,
          text: [`${principal.username} invited you to ${event.name ?? 'a fishing event'} on Tightlines.`, '', `See the event and register: ${link}`].join('\n'),
        })
        .catch((error: unknown) => this.deps.log.error({ err: error }, 'event invite mail failed'));
    }
    return this.deps.view(principal, eventId);
  }

  /**
   * Replaces the owners with the accounts of the e-mails sent. Every e-mail must be an account's
   * ('no user found with an email: {email}'), and an event keeps at least one owner.
   */
  async editOwners(principal: Principal, eventId: string, owners: Array<{ email: string }>): Promise<EventView> {
    await this.ownedEvent(principal, eventId);
    if (owners.length === 0) throw badRequest(m.lastOwner);
    const ids: string[] = [];
    for (const { email } of owners) {
      const account = email ? await this.deps.repo.userByEmail(email) : undefined;
      if (!account) throw badRequest(m.noUserWithEmail(email));
      if (!ids.includes(account.id)) ids.push(account.id);
    }
    // Another owner removes you: leaving by yourself could leave an event nobody you trust runs.
    if (!ids.includes(principal.userId)) throw badRequest(m.keepYourself);
    await this.deps.transaction(async () => {
      await this.deps.repo.lockEvent(eventId);
      await this.deps.repo.replaceOwners(eventId, ids);
    });
    return this.deps.view(principal, eventId);
  }

  /**
   * upload-image/{uid}: whether the caller may upload a fish photo for the member `uid`, who must
   * have an entry in an event the caller owns or co-owns (404 for no such member, 403 otherwise).
   */
  async mayUploadFor(principal: Principal, uid: string): Promise<void> {
    if (!isUuid(uid) || !(await this.deps.repo.userExists(uid))) throw notFound(m.memberNotFound);
    if (!(await this.deps.repo.ownsEventEntering(principal.userId, uid))) throw forbidden(m.notOwner);
  }

  /** An e-mail's account, for the add-owner and invite forms: members who own an event only. */
  async findUser(principal: Principal, email: string): Promise<{ id: string; username: string }> {
    if (!(await this.deps.repo.ownsAnyEvent(principal.userId))) throw forbidden(m.notAnOwnerAnywhere);
    const account = email ? await this.deps.repo.userByEmail(email) : undefined;
    if (!account) throw notFound(m.noUserWithEmail(email));
    return { id: account.id, username: account.username };
  }

  /**
   * The link check: which entry e-mails have accounts, and linking (`linked: true`) or unlinking
   * (`false`) the entry with that e-mail. Only e-mails of this event's entries are answered, so the
   * call cannot be used to test whether any address has an account.
   */
  async userCheck(principal: Principal, eventId: string, emails: Array<{ email: string; linked?: boolean | null }>) {
    await this.ownedEvent(principal, eventId);
    const wanted = [...new Set(emails.map((e) => e.email.toLowerCase()).filter(Boolean))];
    const entries = await this.deps.repo.entriesByEmails(eventId, wanted);
    const accounts = await this.deps.repo.usersByEmails(entries.map((e) => e.email));
    const accountOf = new Map(accounts.map((a) => [a.email.toLowerCase(), a.id]));
    const answer: Array<{ email: string; linked: boolean; account: boolean }> = [];
    for (const entry of entries) {
      const key = entry.email.toLowerCase();
      const asked = emails.find((e) => e.email.toLowerCase() === key)?.linked;
      const accountId = accountOf.get(key) ?? null;
      let linked = entry.linked && entry.userId !== null;
      if (asked === true && !linked && accountId) {
        const other = await this.deps.repo.entryOfUser(eventId, accountId);
        if (!other) {
          try {
            await this.deps.repo.updateEntry(entry.id, { userId: accountId, linked: true });
            linked = true;
          } catch (error) {
            if (!isUniqueViolation(error)) throw error;
          }
        }
      } else if (asked === false && linked) {
        await this.deps.repo.updateEntry(entry.id, { userId: null, linked: false });
        linked = false;
      }
      answer.push({ email: entry.email, linked, account: accountId !== null });
    }
    return answer;
  }

  async exportCsv(principal: Principal, eventId: string): Promise<string> {
    await this.ownedEvent(principal, eventId);
    const event = await this.deps.view(principal, eventId);
    return entriesCsv(await this.entries(eventId, event));
  }
}
