import { createOutingInput, editOutingInput, OUTING_LOCATION_REQUIRED } from '@tightlines/core/outings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSession } from '../../lib/auth';
import { badRequest, parse } from '../../lib/errors';
import type { OutingsService } from './service';

export function outingsRoutes(app: FastifyInstance, outings: OutingsService) {
  const owner = (request: FastifyRequest) => {
    const { user } = requireSession(request);
    return { id: user.id, username: user.username };
  };

  app.get<{ Params: { id: string } }>('/api/user/outing/:id', async (request) =>
    outings.view(request.params.id, owner(request).id),
  );
  app.post('/api/user/create-outing', async (request, reply) => {
    const me = owner(request);
    const body = (request.body ?? {}) as { location?: { lat?: unknown; lng?: unknown } };
    if (body.location?.lat === undefined || body.location?.lng === undefined) throw badRequest(OUTING_LOCATION_REQUIRED);
    return reply.code(201).send(await outings.create(me, parse(createOutingInput, request.body)));
  });
  app.post<{ Params: { id: string } }>('/api/user/edit-outing/:id', async (request) =>
    outings.edit(request.params.id, owner(request).id, parse(editOutingInput, request.body)),
  );
  app.delete<{ Params: { id: string } }>('/api/user/delete-outing/:id', async (request) => {
    await outings.delete(request.params.id, owner(request).id);
    return { success: true };
  });
}
