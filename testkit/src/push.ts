import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message as a browser would decrypt it, with the push service request's headers. */
export type DeliveredPush = { path: string; payload: string; headers: Record<string, string | string[] | undefined> };

export interface FakePushService {
  /** A subscription as PushSubscription.toJSON() gives it, for a new browser on this service. */
  newBrowser(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Every message received and decrypted, in arrival order. */
  delivered: DeliveredPush[];
  /** Resolves with the first delivered message to this endpoint (polls; the test's timeout bounds it). */
  waitFor(endpoint: string): Promise<DeliveredPush>;
  /** The status the service answers with: 201 by default; 410 or 404 say the subscription is gone. */
  status: number;
  close(): Promise<void>;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 (Web Push encryption) with RFC 8188's aes128gcm, one record: what a browser does on receipt. */
export function decryptPush(body: Buffer, browserKeys: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = browserKeys.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserKeys.ecdh.getPublicKey(), senderKey, Buffer.from([1])]);
  const ikm = hmac(hmac(browserKeys.auth, shared), keyInfo).subarray(0, 32);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('not a last record (padding delimiter missing)');
  return plain.subarray(0, end).toString('utf8');
}

/**
 * A push service on loopback, as browsers' vendors run them: it takes a VAPID-signed, encrypted POST
 * per message and answers 201. Each `newBrowser()` holds its own keys, so what arrives is decrypted
 * exactly as that browser would, proving the payload was encrypted for it.
 */
export async function startFakePushService(): Promise<FakePushService> {
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const delivered: DeliveredPush[] = [];
  const service: FakePushService = {
    delivered,
    status: 201,
    newBrowser() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString('hex')}`;
      browsers.set(path, { ecdh, auth });
      return { endpoint: `${base}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    async waitFor(endpoint) {
      const path = new URL(endpoint).pathname;
      for (;;) {
        const found = delivered.find((d) => d.path === path);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const browser = browsers.get(path);
      if (!browser || service.status >= 400) {
        res.writeHead(browser ? service.status : 404).end();
        return;
      }
      delivered.push({ path, payload: decryptPush(Buffer.concat(chunks), browser), headers: req.headers });
      res.writeHead(service.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return service;
}

