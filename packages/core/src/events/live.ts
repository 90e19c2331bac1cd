import { z } from 'zod';
import { isUuid } from '../api/contract';
import { eventMessages } from './messages';

/**
 * The live leaderboard's Socket.IO channel (seed 002, section 4): the seed's event names, what
 * each one carries, and the one message a viewer sends. Server and web both read this file.
 */
export const LIVE_PATH = '/socket.io';

export const liveEvents = {
  /** Viewer -> server: `{ eventId }` to watch an event's board, `{ eventId, viewing: false }` to stop. */
  viewing: 'viewing_events',
  /** A fish was accepted and the board is about to change. */
  updating: 'updating_events',
  /** The accepted fish, to highlight for 5 s. */
  newFish: 'newFish_events',
  /** The lead changed hands: the new first row (New Leader Alert, 10 s). */
  newLeader: 'newLeader_events',
  /** A fish bigger than any before it in the event (Big Fish Alert, 10 s). */
  bigFish: 'bigFishAlert_events',
  /** The whole current board: after each accepted fish, and to a viewer when it (re)joins. */
  complete: 'updating_events_complete',
} as const;

export const liveMessages = {
  badRequest: 'Send { eventId } to watch an event.',
  tooManyRooms: 'You are watching too many events at once; close one first.',
  tooManyJoins: 'Too many requests; wait a few seconds and try again.',
  tooManyConnections: 'Too many live leaderboard connections from your network; close some tabs and try again.',
  notFound: eventMessages.notFound,
} as const;

export const viewingRequest = z.object({
  eventId: z.string().max(64).refine(isUuid, eventMessages.notFound),
  viewing: z.boolean().default(true),
});
export type ViewingRequest = z.input<typeof viewingRequest>;

/** The answer to `viewing_events` (its acknowledgement). */
export type ViewingAck = { ok: true } | { ok: false; error: string };

/** What the server sends; `Row` and `Fish` are the leaderboard's row and fish. */
export type LivePayloads<Row = unknown, Fish = unknown> = {
  [liveEvents.updating]: { eventId: string };
  [liveEvents.newFish]: { eventId: string; fish: Fish };
  [liveEvents.newLeader]: { eventId: string; leader: Row };
  [liveEvents.bigFish]: { eventId: string; fish: Fish };
  [liveEvents.complete]: { eventId: string; board: Row[] };
};
