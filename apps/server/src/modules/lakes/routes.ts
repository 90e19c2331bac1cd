import * as api from '@tightlines/core/api/lakes';
import { route, type RouteEntry } from '../../http/routes';
import type { LakesService } from './service';

export function lakesRoutes(lakes: LakesService): RouteEntry[] {
  return [route(api.findLake, ({ body }) => lakes.find(body))];
}
