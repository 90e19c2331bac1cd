import * as circle from '@tightlines/core/api/circle';
import { call } from '../../../lib/api';

/**
 * Registers the push worker (scope /), asks for permission (only ever from a click) and sends the
 * browser's subscription to the server. Resolves with what to tell the member.
 */
export async function subscribeToCirclePush(): Promise<string> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return 'This browser cannot show notifications.';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'Notifications are blocked for this site; allow them in the browser’s settings.';
  const registration = await navigator.serviceWorker.register('/api/notification-worker.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const { publicKey } = await call(circle.pushPublicKey);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(publicKey) }));
  const answer = await call(circle.subscribeToCircle, { body: subscription.toJSON() as circle.PushSubscriptionInput });
  return answer.message === circle.ALREADY_SUBSCRIBED ? 'This browser already gets notifications.' : 'You will be notified of new logs in your Inner Circle.';
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/').padEnd(Math.ceil(text.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
