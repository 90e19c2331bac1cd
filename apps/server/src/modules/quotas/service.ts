import type { Principal } from '../../access/principal';
import { HttpError } from '../../lib/errors';
import type { QuotasRepo } from './repo';

/** The work that grows with what a member sends, bounded per day (UTC). */
export type QuotaKind = 'uploads' | 'imports' | 'weather';

export type QuotaLimits = {
  /** Photos (log photos, profile pictures, drafts from photos) a day, and their bytes as received. */
  uploadsPerDay: number;
  uploadBytesPerDay: number;
  /** CSV imports started a day. */
  importsPerDay: number;
  /** Weather lookups (current, forecast, hourly, historic) a day, per member or per visitor's network. */
  weatherPerDay: number;
};

const MB = 1024 * 1024;

/** The message of a spent quota, in words a member can act on. */
export function quotaMessage(kind: QuotaKind, limits: QuotaLimits, bytes = false): string {
  switch (kind) {
    case 'uploads':
      return bytes
        ? `You have uploaded ${Math.round(limits.uploadBytesPerDay / MB)} MB of photos today, the most for one day. Please try again tomorrow.`
        : `You have uploaded ${limits.uploadsPerDay} photos today, the most for one day. Please try again tomorrow.`;
    case 'imports':
      return `You have started ${limits.importsPerDay} imports today, the most for one day. Please try again tomorrow.`;
    case 'weather':
      return `You have looked up the weather ${limits.weatherPerDay} times today, the most for one day. Please try again tomorrow.`;
  }
}

/**
 * Daily quotas per member, so no account can make the server store, parse or fetch without end.
 * Counted in the database, so every app process shares them. A visitor's weather lookups count
 * against their client network (an IPv6 /64), as the rate limits key them.
 */
export class QuotasService {
  constructor(
    private readonly deps: { repo: QuotasRepo; limits: QuotaLimits; now: () => Date },
  ) {}

  private today(): string {
    return this.deps.now().toISOString().slice(0, 10);
  }

  /** One use of `kind` (and `bytes` of upload) by the caller, or 429 with the quota's message. */
  async spend(who: Principal | { client: string }, kind: QuotaKind, bytes = 0): Promise<void> {
    if (await this.trySpend(who, kind, bytes)) return;
    const subject = this.subject(who);
    const { limits } = this.deps;
    throw new HttpError(429, quotaMessage(kind, limits, kind === 'uploads' && (await this.underCount(subject, kind, this.maxCount(kind)))));
  }

  /** One use of `kind` if the quota has room; false (nothing counted) when it is spent. */
  async trySpend(who: Principal | { client: string } | { userId: string }, kind: QuotaKind, bytes = 0): Promise<boolean> {
    const maxBytes = kind === 'uploads' ? this.deps.limits.uploadBytesPerDay : Number.MAX_SAFE_INTEGER;
    return this.deps.repo.spend(this.subject(who), kind, this.today(), bytes, this.maxCount(kind), maxBytes);
  }

  private subject(who: Principal | { client: string } | { userId: string }): string {
    return 'userId' in who ? `user:${who.userId}` : `client:${who.client}`;
  }

  private maxCount(kind: QuotaKind): number {
    const { limits } = this.deps;
    return kind === 'uploads' ? limits.uploadsPerDay : kind === 'imports' ? limits.importsPerDay : limits.weatherPerDay;
  }

  /** Whether the count alone still had room (so the bytes were what ran out). */
  private async underCount(subject: string, kind: QuotaKind, maxCount: number): Promise<boolean> {
    return !(await this.deps.repo.countReached(subject, kind, this.today(), maxCount));
  }

  /** Yesterday's counters and older are dropped (run with the other daily upkeep). */
  forgetOld(): Promise<void> {
    return this.deps.repo.forgetBefore(this.today());
  }
}
