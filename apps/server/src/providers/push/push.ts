/** A browser's Web Push subscription, as PushManager.subscribe() gives it. */
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

/** What became of one message: delivered, the subscription is gone for good (404/410), or it failed this time. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** Sends encrypted Web Push messages to browsers' push services. */
export interface PushSender {
  /** The VAPID public key browsers subscribe with (base64url). */
  readonly publicKey: string;
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}
