import type { LogLunar } from '@tightlines/core/logs';
import { logLunarOfDay } from '@tightlines/core/solunar/log-lunar';
import { localDateOf } from '@tightlines/core/time';
import { LruMap } from '../../lib/lru';

/** Enough for every place logged at today and yesterday by a busy server; an entry is a few hundred bytes. */
export const LUNAR_DAYS_KEPT = 4096;

/**
 * A log's lunar data depends only on its place and local day, and an angler logs several catches at
 * one spot in a day: each place's day is worked out once (the astronomy was about a tenth of a log's
 * save) and kept in a bounded LRU. The days are facts of the sky, so nothing ever makes one stale.
 */
export class LunarDays {
  private readonly days: LruMap<string, LogLunar>;

  constructor(capacity = LUNAR_DAYS_KEPT) {
    this.days = new LruMap(capacity);
  }

  get size(): number {
    return this.days.size;
  }

  /** The lunar data of a log made at `at`, a copy the caller may keep. */
  of(lat: number, lng: number, at: Date, timeZone: string): LogLunar {
    const date = localDateOf(at, timeZone);
    const key = `${lat},${lng},${timeZone},${date}`;
    let lunar = this.days.get(key);
    if (!lunar) {
      lunar = logLunarOfDay(lat, lng, date, timeZone);
      this.days.set(key, lunar);
    }
    return { ...lunar };
  }
}
