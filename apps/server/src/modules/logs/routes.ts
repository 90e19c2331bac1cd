import * as api from '@tightlines/core/api/logs';
import { LOGS_PAGE_SIZE } from '@tightlines/core/logs';
import type { Config } from '../../config';
import { route, type RouteEntry } from '../../http/routes';
import { readUpload } from '../../lib/uploads';
import type { QuotasService } from '../quotas/service';
import { cachedRoute, type AnswerCache } from '../util/answer-cache';
import type { LogsService } from './service';

export function logsRoutes(logs: LogsService, config: Config, quotas: QuotasService, answers: AnswerCache): RouteEntry[] {
  const remove = async ({ params, principal }: { params: { id: string }; principal: Parameters<LogsService['delete']>[0] }) => {
    await logs.delete(principal, params.id);
    return { success: true as const, id: params.id };
  };
  return [
    cachedRoute(answers, api.canCreate, ({ principal }) => logs.allowance(principal)),
    route(api.createLog, ({ principal, body }) => logs.create(principal, body)),
    route(api.editLog, ({ principal, params }) => logs.forEdit(principal, params.id)),
    route(api.updateLog, async ({ principal, params, body }) => {
      const log = await logs.update(principal, params.id, body);
      return { log, ...(await logs.list(principal, LOGS_PAGE_SIZE, 1)) };
    }),
    route(api.deleteLogByGet, remove),
    route(api.deleteLog, remove),
    route(api.deleteLogs, async ({ principal, body }) => {
      const deleted = await logs.deleteMany(principal, body.logs);
      return { deleted, ...(await logs.list(principal, LOGS_PAGE_SIZE, 1)) };
    }),
    route(api.myLogs, ({ principal, query }) => logs.list(principal, query.limit, query.page)),
    route(api.viewLog, ({ principal, params }) => logs.view(principal, params.id)),
    route(api.visitorLogs, ({ principal, params, query }) => logs.visitorLogs(principal, params.username, query.limit)),
    route(api.visitorTags, ({ principal, params }) => logs.visitorTags(principal, params.username)),
    route(api.lureCategories, ({ principal }) => logs.lureCategories(principal)),
    route(api.findLakes, ({ principal, body }) => logs.lakeNames(principal, body.query)),
    route(api.getWaterflow, ({ principal, params, body }) => logs.waterflow(principal, params.id, body)),
    route(api.uploadImage, async ({ principal, request }) => {
      const upload = await readUpload(request, config.uploadMaxBytes);
      // Counted before the image is decoded: the decoding is the cost the quota bounds.
      await quotas.spend(principal, 'uploads', upload.body.length);
      return logs.uploadPhoto(principal, upload.body);
    }),
    route(api.addTagToLog, ({ principal, body }) => logs.addTagToLog(principal, body.id, body.tag)),
    route(api.removeTagFromLog, ({ principal, body }) => logs.removeTagFromLog(principal, body.id, body.tag)),
  ];
}
