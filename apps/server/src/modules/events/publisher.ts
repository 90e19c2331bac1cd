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
}

type Listener = (eventId: string, update: FishAccepted) => void;

/** Announces to listeners in this process only; one listener's failure does not stop the others. */
export class LocalEventsPublisher implements EventsPublisher {
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  fishAccepted(eventId: string, update: FishAccepted): void {
    for (const listener of this.listeners) {
      try {
        listener(eventId, update);
      } catch {
        // A listener is a viewer's transport; the fish is stored whatever it does.
      }
    }
  }
}
