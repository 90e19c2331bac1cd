import { pointInput, placedInput } from '@tightlines/core/forecast';
import {
  deleteLogsInput,
  findInput,
  logInput,
  logTagInput,
  LOGS_PAGE_SIZE,
  tagInput,
} from '@tightlines/core/logs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import { requireSession } from '../../lib/auth';
import { parse } from '../../lib/errors';
import { readUpload } from '../../lib/uploads';
import type { LogsService } from './service';

const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(LOGS_PAGE_SIZE),
  page: z.coerce.number().int().min(1).default(1),
});


export function logsRoutes(app: FastifyInstance, logs: LogsService, config: Config) {
  const owner = (request: Parameters<typeof requireSession>[0]) => {
    const { user } = requireSession(request);
    return { id: user.id, username: user.username };
  };

  app.get('/api/logs/can-create', async (request) => logs.allowance(requireSession(request).user.id));

  app.post('/api/logs/create', async (request, reply) => {
    const me = owner(request);
    // An instant draft ({type: 'Draft', location}) is the full model with every other field empty.
    return reply.code(201).send(await logs.create(me, parse(logInput, request.body)));
  });

  app.get<{ Params: { id: string } }>('/api/log/edit/:id', async (request) =>
    logs.forEdit(request.params.id, owner(request).id),
  );
  app.post<{ Params: { id: string } }>('/api/log/update/:id', async (request) =>
    logs.update(request.params.id, owner(request), parse(logInput, request.body)),
  );
  const remove = async (request: { params: { id: string } } & Parameters<typeof requireSession>[0]) => {
    await logs.delete(request.params.id, owner(request).id);
    return { success: true, id: request.params.id };
  };
  app.get<{ Params: { id: string } }>('/api/log/delete/:id', remove);
  app.delete<{ Params: { id: string } }>('/api/log/:id', remove);

  app.post('/api/user/delete-logs', async (request) => {
    const me = owner(request);
    const deleted = await logs.deleteMany(parse(deleteLogsInput, request.body).logs, me.id);
    return { deleted, ...(await logs.list(me.id, LOGS_PAGE_SIZE, 1)) };
  });

  app.get('/api/user/logs', async (request) => {
    const { limit, page } = parse(pageQuery, request.query);
    return logs.list(owner(request).id, limit, page);
  });

  app.get<{ Params: { id: string } }>('/api/log/view/:id', async (request) =>
    logs.view(request.params.id, request.principal?.userId ?? null),
  );
  app.get<{ Params: { username: string } }>('/api/visitor/logs/:username', async (request) => {
    const { limit } = parse(pageQuery, request.query);
    return logs.visitorLogs(request.params.username, request.principal?.userId ?? null, limit);
  });

  app.get('/api/list/lure-categories', async (request) => logs.lureCategories(owner(request).id));
  app.post('/api/user/find-lakes', async (request) => logs.findLakes(owner(request).id, parse(findInput, request.body).query));
  app.post('/api/user/find-tag', async (request) => logs.findTags(owner(request).id, parse(findInput, request.body).query));
  app.post('/api/util/find-lake', async (request) => {
    const { lat, lng } = parse(pointInput, request.body);
    return logs.findLake(lat, lng);
  });

  app.post<{ Params: { id: string } }>('/api/log/get-waterflow/:id', async (request) =>
    logs.waterflow(request.params.id, owner(request).id, parse(placedInput, request.body)),
  );

  app.get('/api/user/tags', async (request) => logs.tags(owner(request).id));
  app.get<{ Params: { username: string } }>('/api/user/visitor-tags/:username', async (request) =>
    logs.visitorTags(request.params.username, request.principal?.userId ?? null),
  );
  app.post('/api/user/add-tag', async (request) => logs.addTag(owner(request).id, parse(tagInput, request.body).tag));
  app.post('/api/user/remove-tag', async (request) => logs.removeTag(owner(request).id, parse(tagInput, request.body).tag));
  app.post('/api/user/add-tag-log', async (request) => {
    const input = parse(logTagInput, request.body);
    return logs.addTagToLog(owner(request).id, input.id, input.tag);
  });
  app.post('/api/user/remove-tag-log', async (request) => {
    const input = parse(logTagInput, request.body);
    return logs.removeTagFromLog(owner(request).id, input.id, input.tag);
  });

  app.post('/api/user/upload-image', async (request) => {
    const me = owner(request);
    const upload = await readUpload(request, config.uploadMaxBytes);
    return logs.uploadPhoto(me.id, upload.body);
  });
}
