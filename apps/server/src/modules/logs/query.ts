import { LOG_NOT_SHARED } from '@tightlines/core/api/logs';
import type { MapMarker, MarkerColumns } from '@tightlines/core/api/analysis';
import type { ChartTallies } from '@tightlines/core/charts';
import type { Filter } from '@tightlines/core/filters';
import type { LogPage } from '@tightlines/core/logs';
import type { Principal } from '../../access/principal';
import type { LogsQueryRepo, Scope } from './query-repo';
import type { LogPhotoSigner } from './photos';
import { notFound } from '../../lib/errors';
import type { JsonText } from '../../lib/json-text';
import { forViewer, toLogView } from './view';

/**
 * The logs module's read side for the data page and the dashboard: every answer covers the
 * caller's own logs only (the scope is the principal), whatever their privacy.
 */
export class LogsQuery {
  constructor(
    private readonly repo: LogsQueryRepo,
    private readonly photos: LogPhotoSigner,
  ) {}

  private static scope(principal: Principal): Scope {
    return { userId: principal.userId, username: principal.username };
  }

  async filter(principal: Principal, filters: readonly Filter[], limit: number, page: number): Promise<LogPage> {
    const { rows, total } = await this.repo.filtered(LogsQuery.scope(principal), filters, limit, (page - 1) * limit);
    const docs = rows.map((row) => this.photos.forViewer(principal.userId, forViewer(toLogView(row, principal.username), principal.premium)));
    return { docs, total, page, limit };
  }

  chartTallies(principal: Principal, filters: readonly Filter[]): Promise<ChartTallies> {
    return this.repo.chartTallies(LogsQuery.scope(principal), filters);
  }

  markers(principal: Principal, filters: readonly Filter[]): Promise<JsonText<MapMarker[]>> {
    return this.repo.markers(LogsQuery.scope(principal), filters);
  }

  markerColumns(principal: Principal, filters: readonly Filter[]): Promise<JsonText<MarkerColumns>> {
    return this.repo.markerColumns(LogsQuery.scope(principal), filters);
  }

  markerBytes(principal: Principal, filters: readonly Filter[]): Promise<Buffer> {
    return this.repo.markerBytes(LogsQuery.scope(principal), filters);
  }

  /**
   * The Inner Circle feed: the logs of the anglers whose circle the member is in, each narrowed in
   * SQL by what its owner allows this member, filtered and paged like the data page.
   */
  async circleFeed(principal: Principal, filters: readonly Filter[], limit: number, page: number, after?: string): Promise<LogPage> {
    const from = after === undefined ? { offset: (page - 1) * limit } : { after, offset: 0 };
    const found = await this.repo.circlePage(principal.userId, filters, limit, from);
    if (found === 'unknown anchor') throw notFound(LOG_NOT_SHARED);
    const { rows, total } = found;
    return { docs: rows.map(({ log, username }) => this.photos.forViewer(principal.userId, toLogView(log, username))), total, page, limit };
  }

  circleChartTallies(principal: Principal, filters: readonly Filter[]): Promise<ChartTallies> {
    return this.repo.chartTallies({ circleOf: true, memberId: principal.userId }, filters);
  }

  circleMarkers(principal: Principal, filters: readonly Filter[]) {
    return this.repo.circleMarkers(principal.userId, filters);
  }

  states(principal: Principal): Promise<string[]> {
    return this.repo.distinct(principal.userId, 'state');
  }

  lakes(principal: Principal): Promise<string[]> {
    return this.repo.distinct(principal.userId, 'lake');
  }

  dashboardTallies(principal: Principal) {
    return this.repo.dashboardTallies(principal.userId);
  }

  highlights(principal: Principal) {
    return this.repo.highlights(principal.userId);
  }
}
