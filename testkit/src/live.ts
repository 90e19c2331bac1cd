// A viewer of the live leaderboard, connected as the web app connects (socket.io-client, websocket
// only, the session's token in the handshake), that keeps every event it receives. For the
// server's tests, the e2e specs and the live bench.
import { LIVE_PATH, liveEvents, type ViewingAck } from '@tightlines/core/events/live';
import { io, type Socket } from 'socket.io-client';

export type LiveViewer = {
  socket: Socket;
  /** Every event received so far, in order: [name, payload, performance.now() at arrival]. */
  seen: Array<[string, unknown, number]>;
  /** Sends `viewing_events` and answers its acknowledgement. */
  watch(eventId: string, viewing?: boolean): Promise<ViewingAck>;
  /** Resolves once `check(seen)` holds; fails after `timeoutMs`. */
  until(check: (seen: LiveViewer['seen']) => boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): void;
};

export async function connectViewer(baseUrl: string, token: string | null = null): Promise<LiveViewer> {
  const socket = io(baseUrl, {
    path: LIVE_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    auth: token ? { token } : {},
  });
  const seen: LiveViewer['seen'] = [];
  socket.onAny((name: string, payload: unknown) => seen.push([name, payload, performance.now()]));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return {
    socket,
    seen,
    watch: (eventId, viewing = true) => socket.timeout(5_000).emitWithAck(liveEvents.viewing, { eventId, viewing }),
    until: async (check, what, timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!check(seen)) {
        if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; received: ${JSON.stringify(seen.map(([name]) => name))}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => socket.disconnect(),
  };
}
