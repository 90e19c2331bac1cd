import { buildCharts, countChart, FISH_SIZE_BUCKETS, fishSizeBucket, stackedChart, stackedUpperLimit } from '@tightlines/core/charts';
import { LOG_TYPES } from '@tightlines/core/logs';
import type { Filter } from '@tightlines/core/filters';
import { toLogView } from '../logs/service';
import { AnalysisRepo, filterConditions } from './repo';

type Owner = { id: string; username: string };

export class AnalysisService {
  constructor(private readonly repo: AnalysisRepo) {}

  async filter(owner: Owner, filters: readonly Filter[], limit: number, page: number) {
    const { rows, total } = await this.repo.filtered(filterConditions(owner.id, owner.username, filters), limit, (page - 1) * limit);
    return { docs: rows.map(toLogView), total, page, limit };
  }

  async charts(owner: Owner, filters: readonly Filter[]) {
    const charts = buildCharts(await this.repo.chartRows(filterConditions(owner.id, owner.username, filters)));
    const { Lake, Month, Species, Tag } = charts.stacked;
    const stackedLimits = {
      Lake: stackedUpperLimit(Lake),
      Month: stackedUpperLimit(Month),
      Species: stackedUpperLimit(Species),
      Tag: stackedUpperLimit(Tag),
    };
    return { ...charts, stackedLimits };
  }

  markers(owner: Owner, filters: readonly Filter[]) {
    return this.repo.markers(filterConditions(owner.id, owner.username, filters));
  }

  states(userId: string) {
    return this.repo.distinct(userId, 'state');
  }

  lakes(userId: string) {
    return this.repo.distinct(userId, 'lake_name');
  }

  /** The dashboard's Your Stats widget and charts, in the seed's stats shape. */
  async stats(owner: Owner) {
    const [{ largest, lure, recent, circle }, tallies] = await Promise.all([
      this.repo.stats(owner.id),
      this.repo.dashboardTallies(owner.id),
    ]);
    const sizes = tallies.lengths.flatMap((t) => {
      const label = fishSizeBucket(t.length);
      return label ? [{ label, type: t.type, n: t.n }] : [];
    });
    const dashboard = {
      species: countChart(tallies.species),
      type: countChart(tallies.types.map((t) => ({ ...t, label: t.type })), LOG_TYPES),
      lures: countChart(tallies.lures),
      fishSize: stackedChart(sizes, FISH_SIZE_BUCKETS),
    };
    return {
      largestFish: largest ? { length: largest.length, species: largest.species, _id: largest.id } : null,
      favoriteLure: lure ? { lureName: lure.name, count: lure.n } : null,
      mostRecentCatch: recent
        ? { _id: recent.id, date: new Date(recent.date).toISOString(), fish: { length: recent.length, species: recent.species } }
        : null,
      innerCircle: circle,
      charts: { ...dashboard, fishSizeLimit: stackedUpperLimit(dashboard.fishSize) },
    };
  }
}
