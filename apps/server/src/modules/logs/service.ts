import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { LOG_NOT_SHARED, NOT_YOUR_LOG, type LakeMatch } from '@tightlines/core/api/logs';
import { isUuid } from '@tightlines/core/api/contract';
import {
  applyLogPatch,
  canCreateLog,
  combineDateAndTime,
  FREE_LOGS_PER_MONTH,
  LOG_IN_FUTURE,
  TOO_MANY_TAGS,
  lureCategories,
  NOT_A_REAL_DATE,
  OUTING_TYPE_FIXED,
  type AllowanceView,
  type LogInput,
  type LogPatch,
  type LogPage,
  type LogView,
  type WaterflowReading,
} from '@tightlines/core/logs';
import { messages } from '@tightlines/core/messages';
import { DATE_OUT_OF_RANGE, inSupportedYears, isInFuture, resolveInstant, toLocalIso } from '@tightlines/core/time';
import type { AccessService } from '../../access/access';
import type { Principal } from '../../access/principal';
import type { Transaction } from '../../db/context';
import { isNotNullViolation } from '../../lib/db-errors';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors';
import { prepareImage } from '../../lib/images';
import type { PlacesProvider } from '../../providers/places/places';
import { UPLOADS_URL_PREFIX } from '../../providers/storage/local';
import type { FileStorage } from '../../providers/storage/storage';
import type { WaterflowProvider } from '../../providers/waterflow/waterflow';
import { nextAttemptAt, type LogEnricher } from '../enrichment/enricher';
import type { EnrichmentResult, PendingLog } from '../enrichment/job';
import type { LakesService } from '../lakes/service';
import type { TagsService } from '../tags/service';
import type { BulkRow } from './bulk';
import type { LogsRepo, Span } from './repo';
import { inputColumns, type LogRow, type NewLog, type NewLogValues } from './rows';
import { LunarDays } from './lunar-days';
import { bareLogPhoto, logPhotoOwner, type LogPhotoSigner } from './photos';
import { EXPORT_CURSOR_AT, EXPORT_ID, exportRowLine } from './export-row';
import { forViewer, toLogView } from './view';

export const EXPORT_PAGE_SIZE = 1000;
/**
 * An import at least this big refreshes the planner's statistics of the logs table: PGlite has no
 * autovacuum to notice, and a plan made for a small table (a bitmap scan and a sort per Inner Circle
 * friend) turns the feed from milliseconds into seconds. ANALYZE samples at most 30,000 rows.
 */
const ANALYZE_AFTER_IMPORTED_ROWS = 1000;
export const NOT_YOUR_PHOTO = 'That photo is not one of your uploads. Please upload it again.';

/** The storage key of one of the caller's log photos (`/uploads/logs/<user id>/<uuid>.jpg`), else null. */
function photoKey(principal: Principal, photo: string): string | null {
  const match = /^\/uploads\/(logs\/([0-9a-f-]{36})\/[0-9a-f-]{36}\.jpg)$/.exec(photo);
  return match?.[1] && match[2] === principal.userId ? match[1] : null;
}

/** A log input whose photo is a signed URL (as the log was shown) stores the photo's bare path. */
function withBarePhoto<T extends { photo?: string | null | undefined }>(input: T): T {
  return input.photo ? { ...input, photo: bareLogPhoto(input.photo) } : input;
}

/** A newly saved log that others may see, as the Inner Circle's notifications describe it. */
export type SharedLog = { id: string; username: string; type: string; fishSpecies: string | null; lakeName: string | null };

/** An angler as log lists show them. */
type Angler = { id: string; username: string; profilePicture: string | null };

type Deps = {
  repo: LogsRepo;
  access: AccessService;
  transaction: Transaction;
  places: PlacesProvider;
  enricher: LogEnricher;
  tags: TagsService;
  lakes: LakesService;
  storage: FileStorage;
  photos: LogPhotoSigner;
  waterflow: WaterflowProvider | null;
  /** From the outings module: the outing in progress a log made at this time joins, as a subquery of the insert. */
  activeOutingAt: (userId: string, at: Date) => SQL<string | null>;
  /** From the accounts module. */
  anglerByName: (username: string) => Promise<Angler | undefined>;
  usernameOf: (userId: string) => Promise<string | undefined>;
  /** Keeps an upload's EXIF (time, position, camera) apart from the re-encoded file (the photos module). */
  keepExif?: (userId: string, key: string, original: Buffer) => Promise<void>;
  /** Told of every new shared (public or protected) log once it is saved; must not throw. */
  created?: (log: SharedLog) => void;
  /**
   * From the circle module: whether `created` could tell anyone of the owner's new log, asked in the
   * insert's statement (no statement of its own when no friend has a push subscription).
   */
  friendsToTell?: (ownerId: string) => SQL<boolean>;
  now?: () => Date;
};

/**
 * Fishing logs: create, edit, delete, list, privacy, tags on logs, photos, waterflow. Every use
 * case starts from the caller (a Principal, or null for a visitor) and asks the access service
 * before it reads or writes.
 */
export class LogsService {
  private readonly now: () => Date;
  private readonly lunarDays = new LunarDays();

  constructor(private readonly deps: Deps) {
    this.now = deps.now ?? (() => new Date());
  }

  private monthStart(): Date {
    const now = this.now();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  }

  /** A log's date as an instant on the clock of its place; neither unreal nor in the future. */
  private instant(date: string | undefined, timeZone: string): Date {
    const now = this.now();
    const at = resolveInstant(date, timeZone, now);
    if (Number.isNaN(at.getTime())) throw badRequest(NOT_A_REAL_DATE);
    if (isInFuture(at, now)) throw badRequest(LOG_IN_FUTURE);
    if (!inSupportedYears(at)) throw badRequest(DATE_OUT_OF_RANGE);
    return at;
  }

  /** The caller's own log, or 404 naming it as not theirs. */
  private async owned(principal: Principal, id: string): Promise<LogRow> {
    const row = isUuid(id) ? await this.deps.repo.findById(id) : undefined;
    this.deps.access.assertOwner(principal, row, NOT_YOUR_LOG);
    return row;
  }

  /** The caller's own logs as they may see them (lunar details are premium). */
  private mine(principal: Principal, rows: LogRow[]): LogView[] {
    return rows.map((row) => this.shown(principal, toLogView(row, principal.username)));
  }

  /** A log as this viewer receives it: lunar details are premium, a non-public log's photo is signed for them. */
  private shown(viewer: Principal | null, view: LogView): LogView {
    return this.deps.photos.forViewer(viewer?.userId ?? null, forViewer(view, viewer !== null && this.deps.access.isPremium(viewer)));
  }

  async allowance(principal: Principal): Promise<AllowanceView> {
    const premium = this.deps.access.isPremium(principal);
    const used = await this.deps.repo.countCreatedSince(principal.userId, this.monthStart());
    return { allowed: canCreateLog(used, premium), used, limit: premium ? null : FREE_LOGS_PER_MONTH, premium };
  }

  /**
   * One pass: the place (time zone, state) and the solunar day are worked out once; the lakes
   * around the point are read once and serve both naming the lake and remembering a new one;
   * weather and waterflow are fetched side by side; then the insert (under the allowance lock for a
   * free member), with the outing in progress and the tags in its statement, and a new lake, all or
   * nothing.
   */
  async create(principal: Principal, given: LogInput): Promise<LogView> {
    const input = withBarePhoto(given);
    this.checkPhoto(principal, input.photo);
    const { lat, lng } = input.location;
    const place = this.deps.places.reverse(lat, lng);
    const occurredAt = this.instant(combineDateAndTime(input.date, input.time, toLocalIso(this.now(), place.timeZone)), place.timeZone);
    const lunar = this.lunarDays.of(lat, lng, occurredAt, place.timeZone);
    const [near, outside] = await Promise.all([
      // A lake the angler named needs no lake map service; one left blank may.
      this.deps.lakes.near({ lat, lng }, { askSource: !input.location.lake }),
      this.deps.enricher.outside({ userId: principal.userId, lat, lng, occurredAt, timeZone: place.timeZone }, this.deps.enricher.wanted()),
    ]);
    const lakeName = input.location.lake ?? this.deps.lakes.match(near, principal.userId)?.name ?? null;
    const state = input.location.state ?? place.state;
    // An outing is the container of logs, not a log of the allowance.
    const allowance = this.deps.access.isPremium(principal) || input.type === 'Outing' ? null : FREE_LOGS_PER_MONTH;
    // Object.assign onto inputColumns' own object: a spread of its many properties builds a slow dictionary object.
    const values: NewLogValues = Object.assign(inputColumns(input), outside.values, {
      outingId: input.type === 'Outing' ? null : this.deps.activeOutingAt(principal.userId, occurredAt),
      userId: principal.userId,
      occurredAt,
      timeZone: place.timeZone,
      lakeName,
      state,
      lunar,
      moonPhase: lunar.moonPhase,
      pending: outside.pending,
      enrichAttempts: outside.pending.length ? 1 : 0,
      enrichAfter: outside.pending.length ? nextAttemptAt(1, this.now()) : null,
    });
    const tags = this.deps.tags.adding(principal, input.tags);
    const newLake = lakeName !== null && this.deps.lakes.mayRemember(near, lakeName, values.privacy);
    const save = async () => {
      const inserted = await this.deps.repo.insertWithinAllowance(values, allowance, this.monthStart(), tags, this.deps.friendsToTell?.(principal.userId) ?? null);
      if (!inserted) throw forbidden(messages.allowanceExceeded);
      if (newLake && lakeName) await this.deps.lakes.remember(principal, near, lakeName, state, inserted.privacy);
      return inserted;
    };
    // The insert carries its tags, so a transaction is needed only when a new lake is written too.
    const row = await (newLake ? this.deps.transaction(save) : save()).catch((error: unknown) => {
      if (isNotNullViolation(error, 'tags')) throw badRequest(TOO_MANY_TAGS);
      throw error;
    });
    // After the commit, and not awaited: telling friends never holds up or fails the save.
    if (row.privacy !== 'private' && row.friendsToTell !== false) this.deps.created?.({ id: row.id, username: principal.username, type: row.type, fishSpecies: row.fishSpecies, lakeName: row.lakeName });
    return this.shown(principal, toLogView(row, principal.username));
  }

  async forEdit(principal: Principal, id: string): Promise<LogView> {
    return this.shown(principal, toLogView(await this.owned(principal, id), principal.username));
  }

  /**
   * Only the fields sent change. Weather, lunar data, zone and state are worked out again only when
   * the place or time moved.
   */
  async update(principal: Principal, id: string, patch: LogPatch): Promise<LogView> {
    const existing = await this.owned(principal, id);
    const input = withBarePhoto(applyLogPatch(toLogView(existing, principal.username), patch));
    // An Outing log does not count against the allowance; turning one into a catch (or back) would
    // change the count without the allowance check, so the type never crosses that line.
    if ((existing.type === 'Outing') !== (input.type === 'Outing')) throw badRequest(OUTING_TYPE_FIXED);
    if (input.photo !== existing.photo) this.checkPhoto(principal, input.photo);
    const { lat, lng } = input.location;
    const place = this.deps.places.reverse(lat, lng);
    const occurredAt = this.instant(input.date, place.timeZone);
    const moved = existing.lat !== lat || existing.lng !== lng || existing.occurredAt.getTime() !== occurredAt.getTime();
    const values: Partial<NewLog> = Object.assign(inputColumns(input), { occurredAt });
    if (moved) {
      const lunar = this.lunarDays.of(lat, lng, occurredAt, place.timeZone);
      const outside = await this.deps.enricher.outside({ userId: principal.userId, lat, lng, occurredAt, timeZone: place.timeZone }, this.deps.enricher.wanted());
      Object.assign(values, outside.values, {
        timeZone: place.timeZone,
        state: input.location.state ?? place.state,
        lunar,
        moonPhase: lunar.moonPhase,
        pending: outside.pending,
        enrichAttempts: outside.pending.length ? 1 : 0,
        enrichAfter: outside.pending.length ? nextAttemptAt(1, this.now()) : null,
      } satisfies Partial<NewLog>);
    } else if (input.location.state) {
      values.state = input.location.state;
    }
    const lakeName = input.location.lake;
    const near = lakeName ? await this.deps.lakes.near({ lat, lng }, { askSource: false }) : null;
    const row = await this.deps.transaction(async () => {
      const updated = await this.deps.repo.update(id, values);
      if (!updated) throw notFound(NOT_YOUR_LOG);
      await this.deps.tags.remember(principal, input.tags);
      if (lakeName && near) await this.deps.lakes.remember(principal, near, lakeName, updated.state, updated.privacy);
      return updated;
    });
    return this.shown(principal, toLogView(row, principal.username));
  }

  async delete(principal: Principal, id: string): Promise<void> {
    const row = await this.owned(principal, id);
    if (await this.deps.repo.delete(id, principal.userId)) await this.removePhotos(principal, [row.photo]);
  }

  /**
   * A log's photo is one of the caller's own uploads or nothing: a URL elsewhere, or another
   * member's file, would show on the log as if it were theirs.
   */
  private checkPhoto(principal: Principal, photo: string | null | undefined): void {
    if (photo && photoKey(principal, photo) === null) throw badRequest(NOT_YOUR_PHOTO);
  }

  /** The files of the caller's photos no log uses any more; a file already gone is fine. */
  private async removePhotos(principal: Principal, photos: Array<string | null>): Promise<void> {
    for (const photo of photos) {
      const key = photo ? photoKey(principal, photo) : null;
      if (key) await this.deps.storage.remove(key);
    }
  }

  /** All or nothing: when one id is not the caller's log, nothing is deleted. */
  async deleteMany(principal: Principal, ids: string[]): Promise<number> {
    if (ids.some((id) => !isUuid(id))) throw notFound('One of the selected logs does not exist or is not yours.');
    const deleted = await this.deps.repo.deleteMany(ids, principal.userId);
    if (deleted === null) throw notFound('One of the selected logs does not exist or is not yours. Nothing was deleted.');
    await this.removePhotos(principal, deleted.photos);
    return deleted.count;
  }

  async list(principal: Principal, limit: number, page: number): Promise<LogPage> {
    const { rows, total } = await this.deps.repo.listByUser(principal.userId, limit, (page - 1) * limit);
    return { docs: this.mine(principal, rows), total, page, limit };
  }

  async view(viewer: Principal | null, id: string): Promise<LogView> {
    const row = isUuid(id) ? await this.deps.repo.findById(id) : undefined;
    if (!row || !(await this.deps.access.canViewLog(viewer, row))) throw notFound(LOG_NOT_SHARED);
    const username = viewer?.userId === row.userId ? viewer.username : await this.deps.usernameOf(row.userId);
    if (username === undefined) throw notFound(LOG_NOT_SHARED);
    return this.shown(viewer, toLogView(row, username));
  }

  private async angler(viewer: Principal | null, username: string) {
    const owner = await this.deps.anglerByName(username);
    if (!owner) throw notFound(`There is no angler called ${username}.`);
    return { owner, standing: await this.deps.access.standing(viewer, owner.id) };
  }

  /** An angler's logs the viewer may read: all to the owner, to their Inner Circle what it shares with them, else public ones. */
  async visitorLogs(viewer: Principal | null, username: string, limit: number) {
    const { owner, standing } = await this.angler(viewer, username);
    const rows = standing.isOwner
      ? (await this.deps.repo.listByUser(owner.id, limit, 0)).rows
      : await this.deps.repo.listVisible(owner.id, this.friendId(viewer, standing), limit);
    return { user: { username: owner.username, profilePicture: owner.profilePicture }, docs: rows.map((row) => this.shown(viewer, toLogView(row, owner.username))) };
  }

  async visitorTags(viewer: Principal | null, username: string): Promise<string[]> {
    const { owner, standing } = await this.angler(viewer, username);
    if (viewer && standing.isOwner) return this.deps.tags.list(viewer);
    return this.deps.repo.tagsOn(owner.id, this.friendId(viewer, standing));
  }

  /** The viewer, when the owner's Inner Circle holds them: what the circle shares is theirs to read too. */
  private friendId(viewer: Principal | null, standing: { inOwnersCircle: boolean }): string | null {
    return viewer && standing.inOwnersCircle ? viewer.userId : null;
  }

  async lureCategories(principal: Principal): Promise<Array<{ name: string }>> {
    return lureCategories(await this.deps.repo.lureCategoriesOf(principal.userId)).map((name) => ({ name }));
  }

  /** For the accounts module: the user's `lakes`, the lakes the member has logged. */
  loggedLakes(userId: string): Promise<Array<{ name: string; location: { lat: number; lng: number } }>> {
    return this.deps.repo.loggedLakes(userId);
  }

  /** For the places module's location fallback: where the member last logged. */
  lastPoint(userId: string): Promise<{ lat: number; lng: number; lake: string | null } | null> {
    return this.deps.repo.latestPoint(userId);
  }

  lakeNames(principal: Principal, prefix: string): Promise<LakeMatch[]> {
    return this.deps.repo.lakeNames(principal.userId, prefix);
  }

  async addTagToLog(principal: Principal, logId: string, tag: string): Promise<string[]> {
    const row = await this.owned(principal, logId);
    return this.deps.transaction(async () => {
      await this.deps.tags.remember(principal, [tag]);
      if (row.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return row.tags;
      return this.deps.repo.setTags(logId, [...row.tags, tag]);
    });
  }

  async removeTagFromLog(principal: Principal, logId: string, tag: string): Promise<string[]> {
    const row = await this.owned(principal, logId);
    return this.deps.repo.setTags(logId, row.tags.filter((t) => t.toLowerCase() !== tag.toLowerCase()));
  }

  /** The logs' part of removing a tag from the member's list (TagsService.remove); joins its transaction. */
  stripTag(principal: Principal, tag: string): Promise<void> {
    return this.deps.repo.stripTag(principal.userId, tag);
  }

  /**
   * A photo upload, the caller's own; or, with `angler` (an event owner's upload for an angler of
   * their event, allowed by the owner service), filed among the angler's uploads while its EXIF row
   * names the caller who sent it: what lets that owner, and no one else, enter it as the angler's fish.
   */
  async uploadPhoto(principal: Principal, upload: Buffer, angler = principal.userId): Promise<{ image: string }> {
    const image = await prepareImage(upload, { width: 1600, height: 1600, fit: 'inside' });
    const stored = await this.deps.storage.put(`logs/${angler}/${randomUUID()}.jpg`, image.body, image.contentType);
    await this.deps.keepExif?.(principal.userId, stored.key, upload);
    // Not on a log yet, so not public: only the signed URL of the member it is filed under shows it (the form's preview).
    return { image: this.deps.photos.sign(stored.url, angler) };
  }

  /**
   * A log photo's file for whoever holds this URL, or null (answered as not found). A photo on
   * one of its owner's public logs is anyone's; otherwise the URL must be signed and unexpired
   * (LogPhotoSigner) and its viewer must be the owner or may read, now, one of the owner's logs
   * that has this photo (privacy and the Inner Circle's filters, as the log itself).
   */
  async photoFile(path: string, query: { v?: string; e?: string; s?: string }): Promise<{ body: Buffer; isPublic: boolean } | null> {
    const owner = logPhotoOwner(path);
    if (owner === null) return null;
    const logs = await this.deps.repo.withPhoto(owner, path);
    const isPublic = logs.some((log) => log.privacy === 'public');
    if (!isPublic) {
      const viewerId = this.deps.photos.verify(path, query);
      if (viewerId === null) return null;
      if (viewerId !== owner && !(await this.anyReadable(viewerId, logs))) return null;
    }
    const body = await this.deps.storage.read(path.slice(UPLOADS_URL_PREFIX.length));
    return body && { body, isPublic };
  }

  private async anyReadable(viewerId: string, logs: Array<Pick<LogRow, 'userId' | 'privacy' | 'lakeName' | 'tags'>>): Promise<boolean> {
    for (const log of logs) if (await this.deps.access.canViewLog({ userId: viewerId }, log)) return true;
    return false;
  }

  /** The nearest river gauge's reading at a point and time; saved on the log unless `logId` is 'new'. */
  async waterflow(
    principal: Principal,
    logId: string,
    point: { lat: number; lng: number; date?: string | number | undefined },
  ): Promise<WaterflowReading> {
    if (logId !== 'new') await this.owned(principal, logId);
    if (!this.deps.waterflow) throw new HttpError(503, 'Waterflow lookups are not configured on this server.');
    const at = point.date === undefined ? this.now() : new Date(point.date);
    if (Number.isNaN(at.getTime())) throw badRequest(NOT_A_REAL_DATE);
    let reading;
    try {
      reading = await this.deps.waterflow.nearest(point, at);
    } catch (error) {
      throw new HttpError(503, `Waterflow lookup unavailable: the river gauge service is not answering right now (${(error as Error).message}).`);
    }
    if (!reading) throw notFound('There is no river gauge near this spot.');
    if (logId !== 'new') {
      await this.deps.repo.update(logId, {
        waterflow: { ...reading.waterflow, location: reading.location },
        gaugeStation: reading.station,
        gaugeSiteCode: reading.siteCode,
        gaugeAgency: reading.agency,
      });
    }
    return reading;
  }

  // -----------------------------------------------------------------------------------------------
  // For the outings module: an outing is an Outing log plus its span.
  // -----------------------------------------------------------------------------------------------

  /** An outing's own Outing log, whole: the outing page shows its day's moon and sun to every member. */
  async outingLog(principal: Principal, outingId: string): Promise<LogView> {
    return this.deps.photos.forViewer(principal.userId, toLogView(await this.owned(principal, outingId), principal.username));
  }

  /** The logs of the caller's outing, oldest first. */
  async outingLogs(principal: Principal, outingId: string): Promise<LogView[]> {
    return this.mine(principal, await this.deps.repo.inOuting(principal.userId, outingId));
  }

  /** The caller's loose logs in the span join the outing; joins the caller's transaction. */
  joinOuting(principal: Principal, outingId: string, span: Span): Promise<void> {
    return this.deps.repo.joinOuting(principal.userId, outingId, span);
  }

  /**
   * The Outing log moves to the new start (its weather is not fetched again); logs outside the
   * new span leave, loose logs inside it join. Joins the caller's transaction.
   */
  async moveOuting(principal: Principal, outingId: string, span: Span): Promise<void> {
    await this.owned(principal, outingId);
    await this.deps.repo.update(outingId, { occurredAt: span.start });
    await this.deps.repo.leaveOuting(outingId, span);
    await this.deps.repo.joinOuting(principal.userId, outingId, span);
  }

  // -----------------------------------------------------------------------------------------------
  // For the transfer module: export and import in bulk.
  // -----------------------------------------------------------------------------------------------

  /**
   * The member's own logs as lines of the CSV file (everything stored, as the import reads it
   * back), one database page of them a chunk, in time order.
   */
  async *exportCsvLines(principal: Principal): AsyncGenerator<string> {
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const page = await this.deps.repo.exportPage(principal.userId, after, EXPORT_PAGE_SIZE);
      let chunk = '';
      for (const values of page) chunk += exportRowLine(values);
      if (chunk !== '') yield chunk;
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE_SIZE) return;
      after = { at: last[EXPORT_CURSOR_AT] as string, id: last[EXPORT_ID] as string };
    }
  }

  /**
   * Checked rows (see bulk.ts) in batches, and their tags once the last batch is read, saved all
   * or nothing in one transaction: a batch source that throws rolls back every batch before it.
   */
  async importBulk(principal: Principal, batches: AsyncIterable<BulkRow[]>, tags: () => readonly string[]): Promise<number> {
    const inserted = await this.deps.transaction(async () => {
      const inserted = await this.deps.repo.insertBulk(principal.userId, batches);
      await this.deps.tags.remember(principal, tags());
      return inserted;
    });
    if (inserted >= ANALYZE_AFTER_IMPORTED_ROWS) await this.deps.repo.refreshStatistics();
    return inserted;
  }

  // -----------------------------------------------------------------------------------------------
  // For the background enrichment job (no caller: the server itself).
  // -----------------------------------------------------------------------------------------------

  duePending(now: Date, limit: number): Promise<PendingLog[]> {
    return this.deps.repo.duePending(now, limit);
  }

  async saveOutsideData(logId: string, result: EnrichmentResult): Promise<void> {
    await this.deps.repo.update(logId, result);
  }
}
