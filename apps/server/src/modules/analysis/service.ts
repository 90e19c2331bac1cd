import { chartsFromTallies, countChart, FISH_SIZE_BUCKETS, fishSizeBucket, stackedChart, stackedUpperLimit } from '@tightlines/core/charts';
import type { ChartsAnswer, MapMarker, MarkerColumns, StatsAnswer } from '@tightlines/core/api/analysis';
import type { MarkerFormat } from '@tightlines/core/map-markers';
import type { Filter } from '@tightlines/core/filters';
import { LOG_TYPES, type LogPage } from '@tightlines/core/logs';
import { PREMIUM_LOCKS } from '@tightlines/core/accounts';
import type { AccessService } from '../../access/access';
import type { JsonText } from '../../lib/json-text';
import type { Principal } from '../../access/principal';
import type { CircleService } from '../circle/service';
import type { LogsQuery } from '../logs/query';

type Deps = { logs: LogsQuery; circle: CircleService; access: AccessService };

/** The data page (filtered list, charts, map) and the dashboard's Your Stats, over the caller's own logs. */
export class AnalysisService {
  constructor(private readonly deps: Deps) {}

  filter(principal: Principal, filters: readonly Filter[], limit: number, page: number): Promise<LogPage> {
    return this.deps.logs.filter(principal, filters, limit, page);
  }

  async charts(principal: Principal, filters: readonly Filter[]): Promise<ChartsAnswer> {
    this.deps.access.assertPremium(principal, PREMIUM_LOCKS.charts);
    const charts = chartsFromTallies(await this.deps.logs.chartTallies(principal, filters));
    const { Lake, Month, Species, Tag } = charts.stacked;
    return {
      ...charts,
      stackedLimits: { Lake: stackedUpperLimit(Lake), Month: stackedUpperLimit(Month), Species: stackedUpperLimit(Species), Tag: stackedUpperLimit(Tag) },
    };
  }

  async markers(principal: Principal, filters: readonly Filter[], format?: MarkerFormat): Promise<JsonText<MapMarker[] | MarkerColumns>> {
    this.deps.access.assertPremium(principal, PREMIUM_LOCKS.map);
    return format === 'columns' ? this.deps.logs.markerColumns(principal, filters) : this.deps.logs.markers(principal, filters);
  }

  /** The same markers as the map's binary answer (map-markers.ts, MARKER_BYTES). */
  markerBytes(principal: Principal, filters: readonly Filter[]): Promise<Buffer> {
    this.deps.access.assertPremium(principal, PREMIUM_LOCKS.map);
    return this.deps.logs.markerBytes(principal, filters);
  }

  states(principal: Principal): Promise<string[]> {
    return this.deps.logs.states(principal);
  }

  lakes(principal: Principal): Promise<string[]> {
    return this.deps.logs.lakes(principal);
  }

  /** The dashboard's Your Stats widget and charts, in the seed's stats shape. */
  async stats(principal: Principal): Promise<StatsAnswer> {
    const [{ largest, recent }, tallies, innerCircle] = await Promise.all([
      this.deps.logs.highlights(principal),
      this.deps.logs.dashboardTallies(principal),
      this.deps.circle.membersOf(principal),
    ]);
    // The lure category used on the most catches (ties: the first by name), from the lure chart's counts.
    const lure = tallies.lures
      .filter((t) => t.type === 'Catch')
      .reduce<{ name: string; n: number } | null>((best, t) => (!best || t.n > best.n || (t.n === best.n && t.label < best.name) ? { name: t.label, n: t.n } : best), null);
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
      innerCircle,
      charts: { ...dashboard, fishSizeLimit: stackedUpperLimit(dashboard.fishSize) },
    };
  }
}
