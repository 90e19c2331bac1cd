import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { PushOutcome, PushSender, PushTarget } from './push';

type Keys = { publicKey: string; privateKey: string };

/**
 * The VAPID key pair: from the settings when both are given, else the pair kept in
 * DATA_DIR/vapid-keys.json, generated at the first start. Browsers' subscriptions are bound to the
 * public key, so it must outlive restarts.
 */
export function vapidKeys(settings: { publicKey: string | undefined; privateKey: string | undefined }, dataDir: string): Keys {
  if (settings.publicKey && settings.privateKey) return { publicKey: settings.publicKey, privateKey: settings.privateKey };
  const file = path.join(dataDir, 'vapid-keys.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Keys;
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(dataDir, { recursive: true });
  // wx: when two processes start at once, the second keeps the first one's pair.
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Keys;
  }
  return keys;
}

/** Web Push through the `web-push` package: VAPID-signed, aes128gcm-encrypted, to any push service. */
export class WebPushSender implements PushSender {
  readonly publicKey: string;

  constructor(
    private readonly keys: Keys,
    private readonly subject: string,
  ) {
    this.publicKey = keys.publicKey;
  }

  /**
   * web-push encrypts and signs (generateRequestDetails); the POST goes through fetch, which, unlike
   * web-push's own sender, also reaches a plain-http push service on loopback in tests.
   */
  async send(target: PushTarget, payload: string): Promise<PushOutcome> {
    const request = webpush.generateRequestDetails(target, payload, {
      vapidDetails: { subject: this.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
      contentEncoding: 'aes128gcm',
      TTL: 24 * 3600,
    });
    try {
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body === null ? null : new Uint8Array(request.body),
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      });
      await res.body?.cancel();
      if (res.status === 404 || res.status === 410) return 'gone';
      return res.ok ? 'sent' : 'failed';
    } catch {
      return 'failed';
    }
  }
}
