import * as api from '@tightlines/core/api/outings';
import { route, type RouteEntry } from '../../http/routes';
import type { OutingsService } from './service';

export function outingsRoutes(outings: OutingsService): RouteEntry[] {
  const me = (p: { userId: string; username: string }) => ({ id: p.userId, username: p.username });
  return [
    route(api.outing, ({ principal, params }) => outings.view(params.id, principal.userId)),
    route(api.createOuting, ({ principal, body }) => outings.create(me(principal), body)),
    route(api.editOuting, ({ principal, params, body }) => outings.edit(params.id, principal.userId, body)),
    route(api.deleteOuting, async ({ principal, params }) => {
      await outings.delete(params.id, principal.userId);
      return { success: true };
    }),
  ];
}
