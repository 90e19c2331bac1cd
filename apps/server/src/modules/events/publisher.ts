import type { BoardFish, LeaderboardRow } from '@tightlines/core/api/events';

/** What happened when a fish was accepted: the board after it, the fish, and the alerts it raises. */
export type FishAccepted = {
  board: LeaderboardRow[];
  fish: BoardFish & { entryId: string; memberId: string | null; name: string };
  /** The new first row when the lead changed hands (New Leader Alert). */
  newLeader: LeaderboardRow | null;
  /** Bigger than any fish before it in the event (Big Fish Alert). */
  bigFish: boolean;
};

/**
 * Where accepted fish are announced. The live module (socket.io rooms, across nodes through Redis)
 * implements it; until it is wired, the local publisher hands them to in-process listeners.
 */
export interface EventsPublisher {
  fishAccepted(eventId: string, update: FishAccepted): void;
  /** The board after an owner changed it: a fish flagged, edited or deleted, an entry removed or checked in. */
  boardChanged(eventId: string, board: LeaderboardRow[]): void;
}

type Listener<T> = (eventId: string, update: T) => void;

/** Calls each listener; one listener's failure (a viewer's transport) does not stop the others or the change. */
function announce<T>(listeners: Set<Listener<T>>, eventId: string, update: T) {
  for (const listener of listeners) {
    try {
      listener(eventId, update);
    } catch {
      // What was announced is stored whatever a listener does.
    }
  }
}

/** Announces to listeners in this process only. */
export class LocalEventsPublisher implements EventsPublisher {
  private readonly fishListeners = new Set<Listener<FishAccepted>>();
  private readonly boardListeners = new Set<Listener<LeaderboardRow[]>>();

  subscribe(listener: Listener<FishAccepted>): () => void {
    this.fishListeners.add(listener);
    return () => this.fishListeners.delete(listener);
  }

  subscribeToBoards(listener: Listener<LeaderboardRow[]>): () => void {
    this.boardListeners.add(listener);
    return () => this.boardListeners.delete(listener);
  }

  fishAccepted(eventId: string, update: FishAccepted): void {
    announce(this.fishListeners, eventId, update);
  }

  boardChanged(eventId: string, board: LeaderboardRow[]): void {
    announce(this.boardListeners, eventId, board);
  }
}
