import type { ProviderLog } from '../../providers/weather/weather';
import { MAX_ENRICH_ATTEMPTS, nextAttemptAt, type LogEnricher, type OutsideData, type OutsideValues } from './enricher';

/** A log still missing outside data, as the job needs it. */
export type PendingLog = {
  id: string;
  userId: string;
  lat: number;
  lng: number;
  occurredAt: Date;
  timeZone: string;
  pending: string[];
  enrichAttempts: number;
};

export type EnrichmentResult = OutsideValues & { pending: OutsideData[]; enrichAttempts: number; enrichAfter: Date | null };

type Deps = {
  enricher: LogEnricher;
  /** The logs module's side, wired in app.ts: logs due for another try, and saving what was found. */
  due: (now: Date, limit: number) => Promise<PendingLog[]>;
  save: (logId: string, result: EnrichmentResult) => Promise<void>;
  log: ProviderLog;
  now?: () => Date;
};

/**
 * The background pass that retries outside data for logs saved without it (app.ts runs it on a
 * timer). Each retry that fails again is due after 2^(n-1) minutes; after MAX_ENRICH_ATTEMPTS the
 * log stops waiting.
 */
export class EnrichmentJob {
  private readonly now: () => Date;

  constructor(private readonly deps: Deps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** One pass over up to `batch` due logs; answers how many were tried. */
  async enrichPending(batch = 20): Promise<number> {
    const now = this.now();
    const due = await this.deps.due(now, batch);
    for (const row of due) {
      const outside = await this.deps.enricher.outside(row, row.pending);
      const attempts = row.enrichAttempts + 1;
      const giveUp = outside.pending.length > 0 && attempts >= MAX_ENRICH_ATTEMPTS;
      if (giveUp) this.deps.log.warn({ logId: row.id, pending: outside.pending }, 'giving up on outside data for a log');
      await this.deps.save(row.id, {
        ...outside.values,
        pending: giveUp ? [] : outside.pending,
        enrichAttempts: attempts,
        enrichAfter: outside.pending.length && !giveUp ? nextAttemptAt(attempts, now) : null,
      });
    }
    return due.length;
  }
}
