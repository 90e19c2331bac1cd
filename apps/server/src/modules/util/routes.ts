import * as api from '@tightlines/core/api/util';
import type { Config } from '../../config';
import { route, type RouteEntry } from '../../http/routes';

export function utilRoutes(config: Config): RouteEntry[] {
  return [
    route(api.health, async () => ({ status: 'ok' })),
    route(api.featureFlags, async () => config.featureFlags),
    route(api.appLinks, async () => config.appLinks),
    route(api.port, async () => ({ port: config.port, publicUrl: config.publicUrl })),
  ];
}
