import { addDaysToDate } from '@tightlines/core/dates';
import { logInput } from '@tightlines/core/logs';
import { mostProductiveHour, OUTING_LOCATION_REQUIRED } from '@tightlines/core/outings';
import { computeSolunarDay } from '@tightlines/core/solunar/engine';
import { localDateOf, toLocalIso } from '@tightlines/core/solunar/time';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { LogsRepo } from '../logs/repo';
import { resolveInstant, toLogView, type LogsService } from '../logs/service';
import type { OutingsRepo } from './repo';

type Owner = { id: string; username: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Backdate = { startDate?: string | undefined; startTime?: string | undefined; endDate?: string | undefined; endTime?: string | undefined };

export class OutingsService {
  constructor(
    private readonly repo: OutingsRepo,
    private readonly logsRepo: LogsRepo,
    private readonly logs: LogsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(owner: Owner, input: Backdate & { location: { lat: number; lng: number } }) {
    if (!input.location) throw badRequest(OUTING_LOCATION_REQUIRED);
    const backdated = input.startDate !== undefined;
    if (!backdated && (await this.repo.active(owner.id))) {
      throw conflict('You already have an outing in progress. End it before starting another.');
    }
    const timeZone = await this.logs.placeTimeZone(input.location.lat, input.location.lng);
    // Outings are kept to the minute, as they are shown and edited.
    const start = backdated
      ? resolveInstant(`${input.startDate}T${input.startTime}:00`, timeZone, this.now())
      : new Date(Math.floor(this.now().getTime() / 60_000) * 60_000);
    const end = input.endDate ? resolveInstant(`${input.endDate}T${input.endTime}:00`, timeZone, this.now()) : null;
    if (start.getTime() > this.now().getTime() + 60_000) throw badRequest('An outing cannot start in the future.');
    if (end && end.getTime() <= start.getTime()) throw badRequest('The end of the outing must come after its start.');
    const log = await this.logs.create(owner, logInput.parse({ type: 'Outing', date: start.toISOString(), privacy: 'private', location: input.location }));
    await this.repo.create({ logId: log._id, userId: owner.id, startedAt: start, endedAt: end });
    return this.view(log._id, owner.id);
  }

  private async owned(id: string, userId: string) {
    const outing = UUID.test(id) ? await this.repo.find(id) : undefined;
    if (!outing || outing.userId !== userId) throw notFound('This outing does not exist or is not yours.');
    return outing;
  }

  async view(id: string, userId: string) {
    const outing = await this.owned(id, userId);
    const row = await this.logsRepo.findById(id);
    if (!row) throw notFound('This outing does not exist or is not yours.');
    const end = outing.endedAt ?? this.now();
    const logs = (await this.repo.logsOf(id)).map(toLogView);
    const tz = row.timeZone;
    const solunar: Array<{ type: 'Major' | 'Minor'; time: string }> = [];
    for (let date = localDateOf(outing.startedAt, tz); date <= localDateOf(end, tz); date = addDaysToDate(date, 1)) {
      const day = computeSolunarDay({ lat: row.lat, lng: row.lng, date, timeZone: tz });
      for (const p of day.majors) solunar.push({ type: 'Major', time: p.peak });
      for (const p of day.minors) solunar.push({ type: 'Minor', time: p.peak });
    }
    const inSpan = solunar
      .filter((e) => {
        const t = Date.parse(e.time);
        // a band two hours either side of the span still shows on its timeline
        return t >= outing.startedAt.getTime() - 2 * 3600_000 && t <= end.getTime() + 2 * 3600_000;
      })
      .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
    const view = toLogView(row);
    return {
      _id: id,
      date: view.date,
      timeZone: tz,
      outing: {
        startDate: toLocalIso(outing.startedAt, tz),
        endDate: toLocalIso(end, tz),
        active: outing.endedAt === null,
        logs,
      },
      lunar: inSpan,
      lat: row.lat,
      lng: row.lng,
      location: view.location,
      weather: view.weather,
      lunarDay: view.lunar,
      pending: view.pending,
      stats: {
        totalLogs: logs.length,
        totalCatches: logs.filter((l) => l.type === 'Catch').length,
        mostProductiveHour: mostProductiveHour(logs.map((l) => l.date)),
      },
    };
  }

  async edit(id: string, userId: string, input: { startDate: string; endDate?: string | null | undefined }) {
    const outing = await this.owned(id, userId);
    const start = new Date(input.startDate);
    const end = input.endDate === undefined ? outing.endedAt : input.endDate === null ? null : new Date(input.endDate);
    if (start.getTime() > this.now().getTime() + 60_000) throw badRequest('An outing cannot start in the future.');
    if (end && end.getTime() <= start.getTime()) throw badRequest('The end of the outing must come after its start.');
    await this.repo.update(id, start, end);
    return this.view(id, userId);
  }

  async delete(id: string, userId: string): Promise<void> {
    await this.owned(id, userId);
    await this.repo.delete(id);
  }
}
