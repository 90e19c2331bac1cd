import { LIVE_PATH, liveEvents, type LivePayloads, type ViewingAck } from '@tightlines/core/events/live';
import { useEffect, useReducer } from 'react';
import { io } from 'socket.io-client';
import { session } from '../../lib/session';

/** How long the seed shows each alert: a new fish is highlighted for 5 s, the two alerts for 10 s. */
export const ALERT_MS = { newFish: 5_000, newLeader: 10_000, bigFish: 10_000 } as const;

export type LiveState<Row, Fish> = {
  /** The board as the server last sent it; null until the first one arrives. */
  board: Row[] | null;
  connected: boolean;
  /** Why the server would not let this viewer watch (the event is private, or gone). */
  error: string | null;
  newFish: Fish | null;
  newLeader: Row | null;
  bigFish: Fish | null;
};

export type LiveAction<Row, Fish> =
  | { type: 'connected'; connected: boolean }
  | { type: 'refused'; error: string }
  | { type: 'board'; board: Row[] }
  | { type: 'newFish'; fish: Fish }
  | { type: 'newLeader'; leader: Row }
  | { type: 'bigFish'; fish: Fish }
  | { type: 'expire'; alert: keyof typeof ALERT_MS; value: unknown };

export function initialLiveState<Row, Fish>(board: Row[] | null = null): LiveState<Row, Fish> {
  return { board, connected: false, error: null, newFish: null, newLeader: null, bigFish: null };
}

/** What each server event does to the page's state; an alert expires only if it is still the one shown. */
export function liveReducer<Row, Fish>(state: LiveState<Row, Fish>, action: LiveAction<Row, Fish>): LiveState<Row, Fish> {
  switch (action.type) {
    case 'connected':
      return { ...state, connected: action.connected };
    case 'refused':
      return { ...state, error: action.error };
    case 'board':
      return { ...state, board: action.board, error: null };
    case 'newFish':
      return { ...state, newFish: action.fish };
    case 'newLeader':
      return { ...state, newLeader: action.leader };
    case 'bigFish':
      return { ...state, bigFish: action.fish };
    case 'expire':
      return state[action.alert] === action.value ? { ...state, [action.alert]: null } : state;
  }
}

/**
 * The live leaderboard of one event over Socket.IO: joins the event's room (with the session's
 * token, so private events work for those who may see them), keeps the board the server sends and
 * the alerts it raises, each for the seed's time. After a reconnect it joins again and the server
 * sends the current board, so nothing missed needs replaying. Until the first live board arrives
 * `board` is null and the page shows the one it read over HTTP.
 */
export function useEventLive<Row = unknown, Fish = unknown>(eventId: string | undefined) {
  const [state, dispatch] = useReducer(liveReducer<Row, Fish>, null, initialLiveState<Row, Fish>);

  useEffect(() => {
    if (!eventId) return;
    const token = session.token();
    // Websocket only: no long-polling session to pin to one node behind a proxy (docs/operations.md).
    const socket = io({ path: LIVE_PATH, transports: ['websocket'], auth: token ? { token } : {} });
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const show = (alert: keyof typeof ALERT_MS, value: unknown, action: LiveAction<Row, Fish>) => {
      dispatch(action);
      const timer = setTimeout(() => {
        timers.delete(timer);
        dispatch({ type: 'expire', alert, value });
      }, ALERT_MS[alert]);
      timers.add(timer);
    };
    type P = LivePayloads<Row, Fish>;
    const mine = (payload: { eventId: string }) => payload.eventId === eventId;

    socket.on('connect', () => {
      dispatch({ type: 'connected', connected: true });
      // Every (re)connection joins again: the server answers with the board as it is now.
      socket.emit(liveEvents.viewing, { eventId }, (ack: ViewingAck) => {
        if (!ack.ok) dispatch({ type: 'refused', error: ack.error });
      });
    });
    socket.on('disconnect', () => dispatch({ type: 'connected', connected: false }));
    socket.on(liveEvents.complete, (p: P[typeof liveEvents.complete]) => {
      if (mine(p)) dispatch({ type: 'board', board: p.board });
    });
    socket.on(liveEvents.newFish, (p: P[typeof liveEvents.newFish]) => {
      if (mine(p)) show('newFish', p.fish, { type: 'newFish', fish: p.fish });
    });
    socket.on(liveEvents.newLeader, (p: P[typeof liveEvents.newLeader]) => {
      if (mine(p)) show('newLeader', p.leader, { type: 'newLeader', leader: p.leader });
    });
    socket.on(liveEvents.bigFish, (p: P[typeof liveEvents.bigFish]) => {
      if (mine(p)) show('bigFish', p.fish, { type: 'bigFish', fish: p.fish });
    });
    return () => {
      for (const timer of timers) clearTimeout(timer);
      socket.disconnect();
    };
  }, [eventId]);

  return state;
}
