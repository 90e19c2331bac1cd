import * as api from '@tightlines/core/api/analysis';
import type { RouteEntry } from '../../http/routes';
import { cachedRoute, type AnswerCache } from '../util/answer-cache';
import type { AnalysisService } from './service';

export function analysisRoutes(analysis: AnalysisService, answers: AnswerCache): RouteEntry[] {
  return [
    cachedRoute(answers, api.filterLogs, ({ principal, query }) => analysis.filter(principal, query.filters, query.limit, query.page)),
    cachedRoute(answers, api.charts, ({ principal, query }) => analysis.charts(principal, query.filters)),
    cachedRoute(answers, api.markers, ({ principal, query }) => analysis.markers(principal, query.filters, query.format)),
    cachedRoute(answers, api.markerBytes, ({ principal, query }) => analysis.markerBytes(principal, query.filters)),
    cachedRoute(answers, api.logStates, ({ principal }) => analysis.states(principal)),
    cachedRoute(answers, api.logLakes, ({ principal }) => analysis.lakes(principal)),
    cachedRoute(answers, api.stats, ({ principal }) => analysis.stats(principal)),
  ];
}
