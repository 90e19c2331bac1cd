import * as api from '@tightlines/core/api/logs';
import * as tagsApi from '@tightlines/core/api/tags';
import * as lakesApi from '@tightlines/core/api/lakes';
import { LOGS_PAGE_SIZE } from '@tightlines/core/logs';
import type { Config } from '../../config';
import { route, type RouteEntry } from '../../http/routes';
import { readUpload } from '../../lib/uploads';
import type { LogsService } from './service';

export function logsRoutes(logs: LogsService, config: Config): RouteEntry[] {
  const me = (p: { userId: string; username: string }) => ({ id: p.userId, username: p.username });
  const remove = async ({ params, principal }: { params: { id: string }; principal: { userId: string } }) => {
    await logs.delete(params.id, principal.userId);
    return { success: true as const, id: params.id };
  };
  return [
    route(api.canCreate, ({ principal }) => logs.allowance(principal.userId)),
    route(api.createLog, ({ principal, body }) => logs.create(me(principal), body)),
    route(api.editLog, ({ principal, params }) => logs.forEdit(params.id, principal.userId)),
    route(api.updateLog, ({ principal, params, body }) => logs.update(params.id, me(principal), body)),
    route(api.deleteLogByGet, remove),
    route(api.deleteLog, remove),
    route(api.deleteLogs, async ({ principal, body }) => {
      const deleted = await logs.deleteMany(body.logs, principal.userId);
      return { deleted, ...(await logs.list(principal.userId, LOGS_PAGE_SIZE, 1)) };
    }),
    route(api.myLogs, ({ principal, query }) => logs.list(principal.userId, query.limit, query.page)),
    route(api.viewLog, ({ principal, params }) => logs.view(params.id, principal?.userId ?? null)),
    route(api.visitorLogs, ({ principal, params, query }) => logs.visitorLogs(params.username, principal?.userId ?? null, query.limit)),
    route(api.visitorTags, ({ principal, params }) => logs.visitorTags(params.username, principal?.userId ?? null)),
    route(api.lureCategories, ({ principal }) => logs.lureCategories(principal.userId)),
    route(api.findLakes, ({ principal, body }) => logs.findLakes(principal.userId, body.query)),
    route(api.getWaterflow, ({ principal, params, body }) => logs.waterflow(params.id, principal.userId, body)),
    route(api.uploadImage, async ({ principal, request }) => {
      const upload = await readUpload(request, config.uploadMaxBytes);
      return logs.uploadPhoto(principal.userId, upload.body);
    }),
    route(api.addTagToLog, ({ principal, body }) => logs.addTagToLog(principal.userId, body.id, body.tag)),
    route(api.removeTagFromLog, ({ principal, body }) => logs.removeTagFromLog(principal.userId, body.id, body.tag)),
    route(tagsApi.myTags, ({ principal }) => logs.tags(principal.userId)),
    route(tagsApi.findTags, ({ principal, body }) => logs.findTags(principal.userId, body.query)),
    route(tagsApi.addTag, ({ principal, body }) => logs.addTag(principal.userId, body.tag)),
    route(tagsApi.removeTag, ({ principal, body }) => logs.removeTag(principal.userId, body.tag)),
    route(lakesApi.findLake, ({ body }) => logs.findLake(body.lat, body.lng)),
  ];
}
