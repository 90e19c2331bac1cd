import type { FastifyInstance } from 'fastify';
import type { LogsService } from './service';

const NO_SUCH_PHOTO = { error: 'There is no such photo, or it is not shared with you.' };

/**
 * Log photos, served only to those who may read a log that shows them (LogsService.photoFile). An
 * `<img>` sends no Authorization header, so the URL itself carries the viewer (signed and
 * expiring); the static file server refuses everything under uploads/logs (see web.ts).
 */
export function registerLogPhotoRoute(app: FastifyInstance, logs: LogsService): void {
  app.get<{ Params: { owner: string; file: string }; Querystring: { v?: string; e?: string; s?: string } }>(
    '/uploads/logs/:owner/:file',
    async (request, reply) => {
      const { owner, file } = request.params;
      const query = typeof request.query === 'object' && request.query !== null ? request.query : {};
      const found = await logs.photoFile(`/uploads/logs/${owner}/${file}`, {
        v: typeof query.v === 'string' ? query.v : undefined,
        e: typeof query.e === 'string' ? query.e : undefined,
        s: typeof query.s === 'string' ? query.s : undefined,
      });
      if (!found) return reply.code(404).header('cache-control', 'no-store').send(NO_SUCH_PHOTO);
      // A public photo may sit in shared caches a little while; a signed one only in the viewer's own.
      return reply
        .header('cache-control', found.isPublic ? 'public, max-age=300' : 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .type('image/jpeg')
        .send(found.body);
    },
  );
}
