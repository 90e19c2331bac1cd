/**
 * The push service worker, served at /api/notification-worker.js as the seed says, with the header
 * that lets a script under /api/ control the whole site (scope /). Plain JavaScript: the browser
 * runs it as it is, outside the web app's bundle. A click opens only a path on this site.
 */
export const NOTIFICATION_WORKER = `'use strict';
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = { body: event.data ? event.data.text() : '' };
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/inner-circle';
  event.waitUntil(
    self.registration.showNotification(data.title || 'Tightlines', { body: data.body || '', tag: url, data: { url } }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/inner-circle', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if ('navigate' in client) return client.navigate(target.href).then((c) => c && c.focus());
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
`;
