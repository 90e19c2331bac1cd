import { createHash } from 'node:crypto';

/**
 * A public JSON answer serialized once and kept, so serving it again costs neither the work that
 * built it nor serializing it; the ETag lets a client that holds it revalidate with a 304.
 */
export type StoredAnswer = { body: Buffer; etag: string };

/** What a serializer gives (Fastify's `reply.serialize`). */
export type Serialized = string | Buffer | ArrayBuffer;

export function storedAnswer(serialized: Serialized): StoredAnswer {
  const body = typeof serialized === 'string' ? Buffer.from(serialized) : Buffer.from(serialized instanceof ArrayBuffer ? new Uint8Array(serialized) : serialized);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}
