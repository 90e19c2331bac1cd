import type { BoardFish, LeaderboardRow } from '@tightlines/core/api/events';
import { activeCheckinOf } from '@tightlines/core/events/checkin';
import { DEFAULT_BAG_SIZE } from '@tightlines/core/events/fish';
import { moonPhaseName } from '@tightlines/core/solunar/phase';
import { isTimeZone } from '@tightlines/core/time';
import type { EventsRepo } from './repo';
import type { LeaderboardRepo } from './leaderboard-repo';

type FishRow = Awaited<ReturnType<LeaderboardRepo['fish']>>[number];

/** What a fish on the board shows: no position, so anglers' spots stay theirs; the moon phase where it was caught. */
export function boardFish(f: FishRow, eventTz: string): BoardFish {
  const tz = f.tz && isTimeZone(f.tz) ? f.tz : eventTz;
  return {
    _id: f.id,
    date: f.date.toISOString(),
    size: f.size,
    points: f.points,
    species: f.species,
    lure: f.lure,
    lake: f.lakeName ? { name: f.lakeName } : null,
    photos: { measurement: f.photoMeasurement, angler: f.photoAngler },
    moonPhase: moonPhaseName(f.date, tz),
  };
}

/** The ranked board of an event: the SQL ranking, each row with its fish and whether its entry is checked in now. */
export class Leaderboard {
  constructor(
    private readonly deps: { repo: LeaderboardRepo; events: Pick<EventsRepo, 'find'>; now: () => Date },
  ) {}

  /** The board of one event (empty for an event that does not exist). Callers check who may see it. */
  async leaderboardFor(eventId: string): Promise<LeaderboardRow[]> {
    const event = await this.deps.events.find(eventId);
    if (!event) return [];
    // Read inside a fish's transaction too (the board before and after it), so not with Promise.all.
    const [ranked, fish, checkins] = await this.deps.repo.board(eventId, DEFAULT_BAG_SIZE);
    const now = this.deps.now();
    const checkinsOf = new Map<string, { date: Date }[]>();
    for (const c of checkins) {
      const list = checkinsOf.get(c.entryId);
      if (list) list.push(c);
      else checkinsOf.set(c.entryId, [c]);
    }
    const byRow = new Map<string, BoardFish[]>();
    for (const f of fish) {
      const key = `${f.entryId}:${f.groupMemberId ?? ''}`;
      const list = byRow.get(key);
      if (list) list.push(boardFish(f, event.tz));
      else byRow.set(key, [boardFish(f, event.tz)]);
    }
    return ranked.map((r) => ({
      ...r,
      checkedIn: activeCheckinOf(checkinsOf.get(r.entryId) ?? [], event.timespanHours, now) !== null,
      fish: byRow.get(`${r.entryId}:${r.memberId ?? ''}`) ?? [],
    }));
  }
}
