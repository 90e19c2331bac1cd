import * as api from '@tightlines/core/api/outings';
import { route, type RouteEntry } from '../../http/routes';
import type { OutingsService } from './service';

export function outingsRoutes(outings: OutingsService): RouteEntry[] {
  return [
    route(api.outing, ({ principal, params }) => outings.view(principal, params.id)),
    route(api.createOuting, ({ principal, body }) => outings.create(principal, body)),
    route(api.editOuting, ({ principal, params, body }) => outings.edit(principal, params.id, body)),
    route(api.deleteOuting, async ({ principal, params }) => {
      await outings.delete(principal, params.id);
      return { success: true };
    }),
  ];
}
