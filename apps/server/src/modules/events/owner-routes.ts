import * as api from '@tightlines/core/api/event-owner';
import * as logs from '@tightlines/core/api/logs';
import { isMuskiePayload } from '@tightlines/core/events/muskie';
import { EXPORT_FILENAME } from '@tightlines/core/events/owner';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../access/principal';
import { route, type RouteEntry } from '../../http/routes';
import { readUpload } from '../../lib/uploads';
import type { QuotasService } from '../quotas/service';
import { requestKey } from './event-payments-routes';
import type { OwnerService } from './owner-service';

type UploadsFor = {
  maxBytes: number;
  quotas: Pick<QuotasService, 'spend'>;
  /** The logs module's photo upload, filed under the angler (LogsService.uploadPhoto). */
  store: (principal: Principal, upload: Buffer, angler: string) => Promise<{ image: string }>;
};

/** The owner dashboard's calls (seed 002 section 7); the service checks ownership on each. */
export function ownerRoutes(owner: OwnerService, uploads: UploadsFor): RouteEntry[] {
  // Finding members by e-mail: a slow pace keeps the lookup from being a directory of addresses.
  const lookupLimit = {
    config: {
      rateLimit: { max: 30, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: (r: FastifyRequest) => `user-find:${r.principal?.userId ?? r.ip}` },
    },
  } as const;
  return [
    route(api.dashboard, ({ principal, params }) => owner.dashboard(principal, params.id)),
    route(api.registerManual, ({ principal, params, body, request }) =>
      isMuskiePayload(body) ? owner.registerMuskieManual(principal, params.id, body, requestKey(request)) : owner.registerManual(principal, params.id, body),
    ),
    route(api.editEntry, ({ principal, params, body }) => owner.editEntry(principal, params.id, body.entry)),
    route(api.removeEntry, ({ principal, params, body }) => owner.removeEntry(principal, params.id, body.entryId)),
    route(api.flagFish, ({ principal, body }) => owner.flagFish(principal, body)),
    route(api.deleteFish, ({ principal, body }) => owner.deleteFish(principal, body)),
    route(api.editEntryFish, ({ principal, params, body }) => owner.editFish(principal, params.id, body)),
    route(api.adminEnterFish, ({ principal, params, body }) => owner.enterFish(principal, params.id, body)),
    route(api.adminCheckin, ({ principal, params, body }) => owner.checkIn(principal, params.id, body.email)),
    route(api.adminCheckinAll, ({ principal, params }) => owner.checkInAll(principal, params.id)),
    route(api.inviteUser, ({ principal, body }) => owner.invite(principal, body.id, body.user)),
    route(api.editOwners, ({ principal, params, body }) => owner.editOwners(principal, params.id, body.owners)),
    route(api.findUser, ({ principal, body }) => owner.findUser(principal, body.email), lookupLimit),
    route(api.userCheck, ({ principal, params, body }) => owner.userCheck(principal, params.id, body.emails)),
    route(logs.uploadImageFor, async ({ principal, params, request }) => {
      // Refused before the file is read: a stranger's upload costs nothing.
      await owner.mayUploadFor(principal, params.uid);
      const upload = await readUpload(request, uploads.maxBytes);
      // The caller's quota, as upload-image's: the owner is the one sending the photos.
      await uploads.quotas.spend(principal, 'uploads', upload.body.length);
      return uploads.store(principal, upload.body, params.uid);
    }),
    route(api.exportEntries, async ({ principal, params, reply }) => {
      const csv = await owner.exportCsv(principal, params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${EXPORT_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    }),
  ];
}
