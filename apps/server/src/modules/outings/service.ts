import { NOT_YOUR_OUTING } from '@tightlines/core/api/outings';
import { addDaysToDate } from '@tightlines/core/dates';
import { logInput } from '@tightlines/core/logs';
import {
  mostProductiveHour,
  OUTING_EARLIEST_START,
  OUTING_MAX_SPAN_MS,
  OUTING_TOO_EARLY,
  OUTING_TOO_LONG,
  toTimelineLog,
  type OutingView,
  type SolunarMark,
} from '@tightlines/core/outings';
import { computeSolunarDay } from '@tightlines/core/solunar/engine';
import { isInFuture, localDateOf, OUTING_FUTURE_GRACE_MS, resolveInstant, toLocalIso } from '@tightlines/core/time';
import type { AccessService } from '../../access/access';
import type { Principal } from '../../access/principal';
import type { Transaction } from '../../db/context';
import { badRequest, conflict } from '../../lib/errors';
import type { PlacesProvider } from '../../providers/places/places';
import type { LogsService } from '../logs/service';
import type { OutingRow, OutingsRepo } from './repo';

/** A solunar peak this close before the start or after the end still shows on the outing's timeline. */
const BAND_MARGIN_MS = 2 * 3600_000;

type Backdate = { startDate?: string | undefined; startTime?: string | undefined; endDate?: string | undefined; endTime?: string | undefined };

type Deps = {
  repo: OutingsRepo;
  logs: LogsService;
  access: AccessService;
  places: PlacesProvider;
  transaction: Transaction;
  now?: () => Date;
};

/**
 * Outings: a span of time on the water, stored as an Outing log (through the logs module) plus
 * its span here. Logs in the span belong to it.
 */
export class OutingsService {
  private readonly now: () => Date;

  constructor(private readonly deps: Deps) {
    this.now = deps.now ?? (() => new Date());
  }

  private async owned(principal: Principal, id: string): Promise<OutingRow> {
    const outing = await this.deps.repo.find(id);
    this.deps.access.assertOwner(principal, outing, NOT_YOUR_OUTING);
    return outing;
  }

  private checkSpan(start: Date, end: Date | null): void {
    if (Number.isNaN(start.getTime()) || (end && Number.isNaN(end.getTime()))) throw badRequest('That date does not exist.');
    if (isInFuture(start, this.now(), OUTING_FUTURE_GRACE_MS)) throw badRequest('An outing cannot start in the future.');
    if (start.getTime() < OUTING_EARLIEST_START.getTime()) throw badRequest(OUTING_TOO_EARLY);
    if (end && end.getTime() <= start.getTime()) throw badRequest('The end of the outing must come after its start.');
    if ((end ?? this.now()).getTime() - start.getTime() > OUTING_MAX_SPAN_MS) throw badRequest(OUTING_TOO_LONG);
  }

  async create(principal: Principal, input: Backdate & { location: { lat: number; lng: number } }): Promise<OutingView> {
    const backdated = input.startDate !== undefined;
    if (!backdated && (await this.deps.repo.active(principal.userId))) {
      throw conflict('You already have an outing in progress. End it before starting another.');
    }
    const { timeZone } = this.deps.places.reverse(input.location.lat, input.location.lng);
    const now = this.now();
    // Outings are kept to the minute, as they are shown and edited.
    const start = backdated
      ? resolveInstant(`${input.startDate}T${input.startTime}:00`, timeZone, now)
      : new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const end = input.endDate ? resolveInstant(`${input.endDate}T${input.endTime}:00`, timeZone, now) : null;
    this.checkSpan(start, end);
    const log = await this.deps.logs.create(
      principal,
      logInput.parse({ type: 'Outing', date: start.toISOString(), privacy: 'private', location: input.location }),
    );
    await this.deps.transaction(async () => {
      await this.deps.repo.insert({ logId: log._id, userId: principal.userId, startedAt: start, endedAt: end });
      await this.deps.logs.joinOuting(principal, log._id, { start, end });
    });
    return this.view(principal, log._id);
  }

  async view(principal: Principal, id: string): Promise<OutingView> {
    const outing = await this.owned(principal, id);
    const [log, logs] = await Promise.all([this.deps.logs.outingLog(principal, id), this.deps.logs.outingLogs(principal, id)]);
    const end = outing.endedAt ?? this.now();
    // Solunar days are computed for at most an outing's longest span, whatever the stored rows or
    // the clock say (an outing left in progress for weeks), so the work per request is bounded.
    const lastDay = new Date(Math.min(end.getTime(), outing.startedAt.getTime() + OUTING_MAX_SPAN_MS));
    const { timeZone } = log;
    const { lat, lng } = log.location;
    const peaks: SolunarMark[] = [];
    for (let date = localDateOf(outing.startedAt, timeZone); date <= localDateOf(lastDay, timeZone); date = addDaysToDate(date, 1)) {
      const day = computeSolunarDay({ lat, lng, date, timeZone });
      for (const p of day.majors) peaks.push({ type: 'Major', time: p.peak });
      for (const p of day.minors) peaks.push({ type: 'Minor', time: p.peak });
    }
    const bands = peaks
      .filter((e) => {
        const t = Date.parse(e.time);
        return t >= outing.startedAt.getTime() - BAND_MARGIN_MS && t <= end.getTime() + BAND_MARGIN_MS;
      })
      .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
    return {
      _id: id,
      date: log.date,
      timeZone,
      outing: {
        startDate: toLocalIso(outing.startedAt, timeZone),
        endDate: toLocalIso(end, timeZone),
        active: outing.endedAt === null,
        logs: logs.map(toTimelineLog),
        lunar: log.lunar,
      },
      lat,
      lng,
      location: log.location,
      weather: log.weather,
      lunar: log.lunar,
      solunarPeaks: bands,
      pending: log.pending,
      stats: {
        totalLogs: logs.length,
        totalCatches: logs.filter((l) => l.type === 'Catch').length,
        mostProductiveHour: mostProductiveHour(logs.map((l) => l.date)),
      },
    };
  }

  /** `endDate` left out keeps the end; null puts the outing back in progress. */
  async edit(principal: Principal, id: string, input: { startDate: string; endDate?: string | null | undefined }): Promise<OutingView> {
    const outing = await this.owned(principal, id);
    const start = new Date(input.startDate);
    const end = input.endDate === undefined ? outing.endedAt : input.endDate === null ? null : new Date(input.endDate);
    this.checkSpan(start, end);
    await this.deps.transaction(async () => {
      await this.deps.repo.update(id, start, end);
      await this.deps.logs.moveOuting(principal, id, { start, end });
    });
    return this.view(principal, id);
  }

  /** Deleting the Outing log deletes the outing; its logs stay, their link cleared by the foreign key. */
  async delete(principal: Principal, id: string): Promise<void> {
    await this.owned(principal, id);
    await this.deps.logs.delete(principal, id);
  }
}
