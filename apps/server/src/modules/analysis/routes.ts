import * as api from '@tightlines/core/api/analysis';
import { route, type RouteEntry } from '../../http/routes';
import type { AnalysisService } from './service';

export function analysisRoutes(analysis: AnalysisService): RouteEntry[] {
  const me = (p: { userId: string; username: string }) => ({ id: p.userId, username: p.username });
  return [
    route(api.filterLogs, ({ principal, query }) => analysis.filter(me(principal), query.filters, query.limit, query.page)),
    route(api.charts, ({ principal, query }) => analysis.charts(me(principal), query.filters)),
    route(api.markers, ({ principal, query }) => analysis.markers(me(principal), query.filters)),
    route(api.logStates, ({ principal }) => analysis.states(principal.userId)),
    route(api.logLakes, ({ principal }) => analysis.lakes(principal.userId)),
    route(api.stats, ({ principal }) => analysis.stats(me(principal))),
  ];
}
