import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import {
  canCreateLog,
  canViewLog,
  FREE_LOGS_PER_MONTH,
  lureCategories,
  type LogInput,
  type LogView,
  type Privacy,
  type LogType,
} from '@tightlines/core/logs';
import { messages } from '@tightlines/core/messages';
import { toLocalIso } from '@tightlines/core/solunar/time';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors';
import { prepareImage } from '../../lib/images';
import { distanceKm, pointInOutline } from '../../providers/lakes/geometry';
import type { LakeSource } from '../../providers/lakes/lakes';
import type { FileStorage } from '../../providers/storage/storage';
import type { WaterflowProvider } from '../../providers/waterflow/waterflow';
import type { ProviderLog } from '../../providers/weather/weather';
import { LogEnricher, MAX_ENRICH_ATTEMPTS, nextAttemptAt } from './enrich';
import type { LogRow, LogsRepo, LogWithOwner, NewLog } from './repo';

/** A named lake this close to a log's point (without an outline holding it) is taken as its water. */
export const NEAREST_LAKE_KM = 1.5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Owner = { id: string; username: string };
type Angler = Owner & { profilePicture: string | null };
type Deps = {
  repo: LogsRepo;
  enricher: LogEnricher;
  storage: FileStorage;
  waterflow: WaterflowProvider | null;
  lakeSource: LakeSource | null;
  premium: (userId: string) => Promise<boolean>;
  userByName: (username: string) => Promise<Angler | undefined>;
  log: ProviderLog;
  now?: () => Date;
};

export function toLogView(row: LogWithOwner): LogView {
  const local = toLocalIso(row.occurredAt, row.timeZone);
  return {
    _id: row.id,
    username: row.username,
    type: row.type as LogType,
    date: local,
    time: local.slice(11, 16),
    timeZone: row.timeZone,
    notes: row.notes,
    photo: row.photo,
    clusterCount: row.clusterCount,
    tags: row.tags,
    privacy: row.privacy as Privacy,
    outingId: row.outingId,
    fish: { species: row.fishSpecies, length: row.fishLength, girth: row.fishGirth, weight: row.fishWeight },
    lure: {
      category: row.lureCategory,
      colorPrimary: row.lureColorPrimary,
      colorSecondary: row.lureColorSecondary,
      length: row.lureLength,
      note: row.lureNote,
    },
    lake: {
      waterTemp: row.waterTemp,
      waterVisibility: row.waterVisibility,
      lakeStructure: row.lakeStructure,
      lakeDepth: row.lakeDepth,
      lureDepth: row.lureDepth,
      waterflow: row.waterflow,
      station: row.gaugeStation,
      siteCode: row.gaugeSiteCode,
      agency: row.gaugeAgency,
      location: null,
    },
    location: {
      lat: row.lat,
      lng: row.lng,
      lake: row.lakeName,
      state: row.state,
      zone: row.zone,
      lakeStructure: row.locationStructure,
    },
    weather: row.weather,
    lunar: row.lunar,
    pending: row.pending,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns a log's input sets; shared by create, update and import. */
export function inputColumns(input: LogInput): Omit<NewLog, 'userId' | 'occurredAt' | 'timeZone'> {
  return {
    type: input.type,
    notes: input.notes,
    photo: input.photo,
    clusterCount: input.clusterCount ?? null,
    tags: [...new Set(input.tags)],
    privacy: input.privacy,
    lat: input.location.lat,
    lng: input.location.lng,
    lakeName: input.location.lake,
    zone: input.location.zone,
    locationStructure: input.location.lakeStructure,
    fishSpecies: input.fish.species,
    fishLength: input.fish.length,
    fishGirth: input.fish.girth,
    fishWeight: input.fish.weight,
    lureCategory: input.lure.category,
    lureColorPrimary: input.lure.colorPrimary,
    lureColorSecondary: input.lure.colorSecondary,
    lureLength: input.lure.length,
    lureNote: input.lure.note,
    waterTemp: input.lake.waterTemp,
    waterVisibility: input.lake.waterVisibility,
    lakeStructure: input.lake.lakeStructure,
    lakeDepth: input.lake.lakeDepth,
    lureDepth: input.lake.lureDepth,
  };
}

/** A time written without an offset is the wall-clock time at the log's place. */
export function resolveInstant(date: string | undefined, timeZone: string, now: Date): Date {
  if (!date) return now;
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(date)) return new Date(date);
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(date);
  if (!m) throw badRequest('The date must be an ISO date and time.');
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(new TZDate(y!, mo! - 1, d!, h!, mi!, s ?? 0, timeZone).getTime());
}

export class LogsService {
  private readonly now: () => Date;

  constructor(private readonly deps: Deps) {
    this.now = deps.now ?? (() => new Date());
  }

  private monthStart(): Date {
    const now = this.now();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  }

  async allowance(userId: string) {
    const premium = await this.deps.premium(userId);
    const used = await this.deps.repo.countCreatedSince(userId, this.monthStart());
    return { allowed: canCreateLog(used, premium), used, limit: premium ? null : FREE_LOGS_PER_MONTH, premium };
  }

  async create(owner: Owner, input: LogInput): Promise<LogView> {
    const occurredAt = this.validInstant(input.date, input.location);
    if (occurredAt.getTime() > this.now().getTime() + 5 * 60_000) throw badRequest('A log cannot be dated in the future.');
    const offline = this.deps.enricher.offline(input.location.lat, input.location.lng, occurredAt);
    const lakeName = input.location.lake ?? (await this.findLake(input.location.lat, input.location.lng))?.name ?? null;
    const wanted = this.deps.enricher.wanted();
    const outside = await this.deps.enricher.outside({ ...input.location, occurredAt, timeZone: offline.timeZone }, wanted);
    const premium = await this.deps.premium(owner.id);
    const outingId = input.type === 'Outing' ? null : await this.deps.repo.activeOutingAt(owner.id, occurredAt);
    const row = await this.deps.repo.createWithinAllowance(
      {
        ...inputColumns(input),
        outingId,
        ...outside.values,
        userId: owner.id,
        occurredAt,
        timeZone: offline.timeZone,
        lakeName,
        state: input.location.state ?? offline.state,
        lunar: offline.lunar,
        moonPhase: offline.moonPhase,
        pending: outside.pending,
        enrichAttempts: outside.pending.length ? 1 : 0,
        enrichAfter: outside.pending.length ? nextAttemptAt(1, this.now()) : null,
      },
      // An outing is the container of logs, not a log of the allowance.
      premium || input.type === 'Outing' ? null : FREE_LOGS_PER_MONTH,
      this.monthStart(),
    );
    if (!row) throw forbidden(messages.allowanceExceeded);
    await Promise.all(input.tags.map((tag) => this.deps.repo.addTag(owner.id, tag)));
    if (lakeName) await this.rememberLake(lakeName, row, owner.id);
    return toLogView({ ...row, username: owner.username });
  }

  /** The IANA zone of a point, for callers that turn local wall-clock times into instants. */
  async placeTimeZone(lat: number, lng: number): Promise<string> {
    return this.deps.enricher.offline(lat, lng, this.now()).timeZone;
  }

  private validInstant(date: string | undefined, location: { lat: number; lng: number }): Date {
    const timeZone = this.deps.enricher.offline(location.lat, location.lng, this.now()).timeZone;
    const instant = resolveInstant(date, timeZone, this.now());
    if (Number.isNaN(instant.getTime())) throw badRequest('The date is not a real date.');
    return instant;
  }

  private async owned(id: string, userId: string): Promise<LogWithOwner> {
    const row = UUID.test(id) ? await this.deps.repo.findById(id) : undefined;
    if (!row || row.userId !== userId) throw notFound('This log does not exist or is not yours.');
    return row;
  }

  async forEdit(id: string, userId: string): Promise<LogView> {
    return toLogView(await this.owned(id, userId));
  }

  async update(id: string, owner: Owner, input: LogInput): Promise<LogView> {
    const existing = await this.owned(id, owner.id);
    const occurredAt = this.validInstant(input.date ?? existing.occurredAt.toISOString(), input.location);
    const moved =
      existing.lat !== input.location.lat || existing.lng !== input.location.lng || existing.occurredAt.getTime() !== occurredAt.getTime();
    const values: Partial<NewLog> = { ...inputColumns(input), occurredAt };
    if (moved) {
      const offline = this.deps.enricher.offline(input.location.lat, input.location.lng, occurredAt);
      const outside = await this.deps.enricher.outside({ ...input.location, occurredAt, timeZone: offline.timeZone }, this.deps.enricher.wanted());
      Object.assign(values, outside.values, {
        timeZone: offline.timeZone,
        state: input.location.state ?? offline.state,
        lunar: offline.lunar,
        moonPhase: offline.moonPhase,
        pending: outside.pending,
        enrichAttempts: outside.pending.length ? 1 : 0,
        enrichAfter: outside.pending.length ? nextAttemptAt(1, this.now()) : null,
      });
    } else if (input.location.state) {
      values.state = input.location.state;
    }
    const row = await this.deps.repo.update(id, values);
    if (!row) throw notFound('This log does not exist or is not yours.');
    await Promise.all(input.tags.map((tag) => this.deps.repo.addTag(owner.id, tag)));
    if (row.lakeName) await this.rememberLake(row.lakeName, row, owner.id);
    return toLogView({ ...row, username: owner.username });
  }

  async delete(id: string, userId: string): Promise<void> {
    await this.owned(id, userId);
    await this.deps.repo.delete(id, userId);
  }

  async deleteMany(ids: string[], userId: string): Promise<number> {
    if (ids.some((id) => !UUID.test(id))) throw notFound('One of the selected logs does not exist or is not yours.');
    const deleted = await this.deps.repo.deleteMany(ids, userId);
    if (deleted === null) throw notFound('One of the selected logs does not exist or is not yours. Nothing was deleted.');
    return deleted;
  }

  async list(userId: string, limit: number, page: number) {
    const { rows, total } = await this.deps.repo.listByUser(userId, limit, (page - 1) * limit);
    return { docs: rows.map(toLogView), total, page, limit };
  }

  async view(id: string, viewerId: string | null): Promise<LogView> {
    const row = UUID.test(id) ? await this.deps.repo.findById(id) : undefined;
    const hidden = notFound('This log does not exist or is not shared with you.');
    if (!row) throw hidden;
    const isOwner = viewerId === row.userId;
    const inOwnersCircle = !isOwner && viewerId !== null && (await this.deps.repo.isInCircle(row.userId, viewerId));
    if (!canViewLog(row.privacy as Privacy, { isOwner, inOwnersCircle })) throw hidden;
    return toLogView(row);
  }

  private async visibility(username: string, viewerId: string | null) {
    const owner = await this.deps.userByName(username);
    if (!owner) throw notFound(`There is no angler called ${username}.`);
    const isOwner = owner.id === viewerId;
    const inCircle = !isOwner && viewerId !== null && (await this.deps.repo.isInCircle(owner.id, viewerId));
    return { owner, isOwner, inCircle };
  }

  async visitorLogs(username: string, viewerId: string | null, limit: number) {
    const { owner, isOwner, inCircle } = await this.visibility(username, viewerId);
    const rows = isOwner
      ? (await this.deps.repo.listByUser(owner.id, limit, 0)).rows
      : await this.deps.repo.listVisible(owner.id, inCircle, limit);
    return { user: { username: owner.username, profilePicture: owner.profilePicture }, docs: rows.map(toLogView) };
  }

  async visitorTags(username: string, viewerId: string | null): Promise<string[]> {
    const { owner, isOwner, inCircle } = await this.visibility(username, viewerId);
    return isOwner ? this.deps.repo.tagsOf(owner.id) : this.deps.repo.visibleTagsOf(owner.id, inCircle);
  }

  async lureCategories(userId: string): Promise<Array<{ name: string }>> {
    return lureCategories(await this.deps.repo.lureCategoriesOf(userId)).map((name) => ({ name }));
  }

  findLakes(userId: string, query: string) {
    return this.deps.repo.findLakeNames(userId, query);
  }

  findTags(userId: string, query: string) {
    return this.deps.repo.findTags(userId, query);
  }

  tags(userId: string) {
    return this.deps.repo.tagsOf(userId);
  }

  async addTag(userId: string, tag: string): Promise<string[]> {
    await this.deps.repo.addTag(userId, tag);
    return this.deps.repo.tagsOf(userId);
  }

  async removeTag(userId: string, tag: string): Promise<string[]> {
    await this.deps.repo.removeTag(userId, tag);
    return this.deps.repo.tagsOf(userId);
  }

  async addTagToLog(userId: string, logId: string, tag: string): Promise<string[]> {
    const row = await this.owned(logId, userId);
    await this.deps.repo.addTag(userId, tag);
    if (row.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return row.tags;
    return this.deps.repo.setLogTags(logId, [...row.tags, tag]);
  }

  async removeTagFromLog(userId: string, logId: string, tag: string): Promise<string[]> {
    const row = await this.owned(logId, userId);
    return this.deps.repo.setLogTags(logId, row.tags.filter((t) => t.toLowerCase() !== tag.toLowerCase()));
  }

  async uploadPhoto(userId: string, upload: Buffer): Promise<{ image: string }> {
    const image = await prepareImage(upload, { width: 1600, height: 1600, fit: 'inside' });
    const stored = await this.deps.storage.put(`logs/${userId}/${randomUUID()}.jpg`, image.body, image.contentType);
    return { image: stored.url };
  }

  async waterflow(logId: string, userId: string, point: { lat: number; lng: number; date?: string | number | undefined }) {
    if (!this.deps.waterflow) throw new HttpError(503, 'Waterflow lookups are not configured on this server.');
    const at = point.date === undefined ? this.now() : new Date(point.date);
    if (Number.isNaN(at.getTime())) throw badRequest('The date is not a real date.');
    let reading;
    try {
      reading = await this.deps.waterflow.nearest(point, at);
    } catch (error) {
      throw new HttpError(503, `The river gauge service is unavailable right now: ${(error as Error).message}.`);
    }
    if (!reading) throw notFound('There is no river gauge near this spot.');
    if (logId !== 'new') {
      await this.owned(logId, userId);
      await this.deps.repo.update(logId, {
        waterflow: reading.waterflow,
        gaugeStation: reading.station,
        gaugeSiteCode: reading.siteCode,
        gaugeAgency: reading.agency,
      });
    }
    return reading;
  }

  /** The lake whose outline holds the point, else the nearest named lake close by, else none. */
  async findLake(lat: number, lng: number): Promise<{ name: string; location: { lat: number; lng: number }; area: number | null } | null> {
    let candidates = await this.deps.repo.lakesNear(lat, lng, 0.05);
    if (candidates.length === 0 && this.deps.lakeSource) {
      try {
        for (const lake of await this.deps.lakeSource.lakesNear({ lat, lng }, 2000)) {
          const near = await this.deps.repo.lakesNear(lake.lat, lake.lng, 0.05);
          if (!near.some((l) => l.name.toLowerCase() === lake.name.toLowerCase())) {
            await this.deps.repo.addLake({ name: lake.name, lat: lake.lat, lng: lake.lng, outline: lake.outline, areaAcres: lake.areaAcres, source: 'osm' });
          }
        }
        candidates = await this.deps.repo.lakesNear(lat, lng, 0.05);
      } catch (error) {
        this.deps.log.warn({ err: String(error) }, 'lake source unavailable');
      }
    }
    const point = { lat, lng };
    const holding = candidates.find((l) => l.outline && pointInOutline(point, l.outline));
    const nearest = candidates
      .map((l) => ({ l, km: distanceKm(point, { lat: l.lat, lng: l.lng }) }))
      .filter((c) => c.km <= NEAREST_LAKE_KM)
      .sort((a, b) => a.km - b.km)[0]?.l;
    const lake = holding ?? nearest;
    return lake ? { name: lake.name, location: { lat: lake.lat, lng: lake.lng }, area: lake.areaAcres } : null;
  }

  /** Anglers name the waters: a lake name first logged here becomes a lake others can find. */
  private async rememberLake(name: string, row: LogRow, userId: string): Promise<void> {
    const known = await this.deps.repo.lakesNear(row.lat, row.lng, 0.05);
    if (known.some((l) => l.name.toLowerCase() === name.toLowerCase())) return;
    await this.deps.repo.addLake({ name, lat: row.lat, lng: row.lng, state: row.state, source: 'log', createdBy: userId });
  }

  /** One pass of the background job: retries outside data for logs saved without it. */
  async enrichPending(batch = 20): Promise<number> {
    const now = this.now();
    const due = await this.deps.repo.duePending(now, batch);
    for (const row of due) {
      const outside = await this.deps.enricher.outside(row, row.pending);
      const attempts = row.enrichAttempts + 1;
      const giveUp = outside.pending.length > 0 && attempts >= MAX_ENRICH_ATTEMPTS;
      if (giveUp) this.deps.log.warn({ logId: row.id, pending: outside.pending }, 'giving up on outside data for a log');
      await this.deps.repo.update(row.id, {
        ...outside.values,
        pending: giveUp ? [] : outside.pending,
        enrichAttempts: attempts,
        enrichAfter: outside.pending.length && !giveUp ? nextAttemptAt(attempts, now) : null,
      });
    }
    return due.length;
  }
}
