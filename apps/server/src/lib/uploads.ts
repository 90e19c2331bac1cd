import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors';

/** Reads the one file of a multipart request, refusing a missing or oversized file with a clear message. */
export async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
  field?: string,
): Promise<{ filename: string; mimetype: string; body: Buffer }> {
  if (!request.isMultipart()) throw badRequest('Please send the file as multipart/form-data.');
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file) throw badRequest('Please choose a file to upload.');
  if (field && file.fieldname !== field) throw badRequest(`Please send the file in the field "${field}".`);
  const body = await file.toBuffer().catch((error: unknown) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `That file is too large. The limit is ${Math.round(maxBytes / 1024 / 1024)} MB.`);
    }
    throw error;
  });
  return { filename: file.filename, mimetype: file.mimetype, body };
}
