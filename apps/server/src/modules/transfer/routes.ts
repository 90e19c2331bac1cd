import { Readable } from 'node:stream';
import { LOG_CSV_FILENAME } from '@tightlines/core/log-csv';
import * as api from '@tightlines/core/api/transfer';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { route, type RouteEntry } from '../../http/routes';
import { badRequest } from '../../lib/errors';
import { HttpError } from '../../lib/errors';
import type { QuotasService } from '../quotas/service';
import { IMPORT_MAX_BYTES, MAX_PHOTOS, TooManyPhotosError, type PhotoUpload, type TransferService } from './service';

/** The CSV file field of the import form, as the seeds name it. */
export const IMPORT_FIELD = 'userLogs';

export function transferRoutes(transfer: TransferService, config: Config, quotas: QuotasService): RouteEntry[] {
  return [
    route(api.exportLogs, async ({ principal, reply }) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${LOG_CSV_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(transfer.exportCsv(principal))),
    ),
    route(api.importLogs, async ({ principal, request }) => {
      // Refused before anything is read from the upload.
      transfer.assertCanImport(principal);
      await quotas.spend(principal, 'imports');
      if (!request.isMultipart()) throw badRequest('Please send the file as multipart/form-data.');
      const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
      if (!file) throw badRequest('Please choose a .csv file to import.');
      if (file.fieldname !== IMPORT_FIELD) {
        file.file.resume();
        throw badRequest(`Please send the file in the field "${IMPORT_FIELD}".`);
      }
      return transfer.importCsv(principal, { filename: file.filename, stream: file.file });
    }),
    route(api.draftsFromPhotos, async ({ principal, request, reply }) => {
      if (!request.isMultipart()) throw badRequest('Please send the photos as multipart/form-data.');
      const drafts = await transfer.draftsFromPhotos(
        principal,
        photoUploads(request, config.uploadMaxBytes, (bytes) => quotas.spend(principal, 'uploads', bytes)),
        config.uploadMaxBytes,
      );
      if (drafts.created.length > 0) reply.code(201);
      return drafts;
    }),
  ];
}

/**
 * The request's files one at a time (never more than one in memory). Each counts against the
 * daily upload quota; a photo past it is skipped with the quota's message.
 */
async function* photoUploads(request: FastifyRequest, maxBytes: number, spend: (bytes: number) => Promise<void>): AsyncGenerator<PhotoUpload> {
  const files = request.files({ limits: { files: MAX_PHOTOS, fileSize: maxBytes }, throwFileSizeLimit: false });
  try {
    for await (const part of files) {
      const body = await part.toBuffer();
      const tooLarge = part.file.truncated;
      yield { filename: part.filename, body, tooLarge, refused: tooLarge ? undefined : await quotaRefusal(() => spend(body.length)) };
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new TooManyPhotosError();
    throw error;
  }
}

/** The quota's message when spending is refused (429), else undefined. */
async function quotaRefusal(spend: () => Promise<void>): Promise<string | undefined> {
  try {
    await spend();
    return undefined;
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return error.message;
    throw error;
  }
}
