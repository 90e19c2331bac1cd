import * as api from '@tightlines/core/api/analysis';
import { route, type RouteEntry } from '../../http/routes';
import type { AnalysisService } from './service';

export function analysisRoutes(analysis: AnalysisService): RouteEntry[] {
  return [
    route(api.filterLogs, ({ principal, query }) => analysis.filter(principal, query.filters, query.limit, query.page)),
    route(api.charts, ({ principal, query }) => analysis.charts(principal, query.filters)),
    route(api.markers, ({ principal, query }) => analysis.markers(principal, query.filters)),
    route(api.logStates, ({ principal }) => analysis.states(principal)),
    route(api.logLakes, ({ principal }) => analysis.lakes(principal)),
    route(api.stats, ({ principal }) => analysis.stats(principal)),
  ];
}
