import { filterQuery } from '@tightlines/core/filters';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSession } from '../../lib/auth';
import { parse } from '../../lib/errors';
import type { AnalysisService } from './service';

export function analysisRoutes(app: FastifyInstance, analysis: AnalysisService) {
  const owner = (request: FastifyRequest) => {
    const { user } = requireSession(request);
    return { id: user.id, username: user.username };
  };

  app.get('/api/user/logs/filter', async (request) => {
    const me = owner(request);
    const { filters, limit, page } = parse(filterQuery, request.query);
    return analysis.filter(me, filters, limit, page);
  });
  app.get('/api/user/logs/charts', async (request) => {
    const me = owner(request);
    return analysis.charts(me, parse(filterQuery, request.query).filters);
  });
  app.get('/api/user/logs/markers', async (request) => {
    const me = owner(request);
    return analysis.markers(me, parse(filterQuery, request.query).filters);
  });
  app.get('/api/user/logs/states', async (request) => analysis.states(owner(request).id));
  app.get('/api/user/logs/lakes', async (request) => analysis.lakes(owner(request).id));
  app.get('/api/user/stats', async (request) => analysis.stats(owner(request)));
}
