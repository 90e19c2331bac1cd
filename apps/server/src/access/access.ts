import { friendMaySee, type FriendAccess } from '@tightlines/core/circle';
import { canViewLog, type Privacy } from '@tightlines/core/logs';
import { forbidden, notFound } from '../lib/errors';
import type { Principal } from './principal';

/** The facts access decisions need from the modules that own them, wired in app.ts. */
export type AccessPorts = {
  /** What `ownerId`'s Inner Circle lets `memberId` see; null when the member is not in it. */
  friendAccess(ownerId: string, memberId: string): Promise<FriendAccess | null>;
};

/** How a caller stands towards an angler's things. */
export type Standing = { isOwner: boolean; inOwnersCircle: boolean };

/**
 * Every "may this caller do this?" of the use cases: owns this, is in this circle, is premium (and,
 * with events, owns this event). Services ask here first, then act. It reads the facts through
 * ports, so it depends on no module.
 */
export class AccessService {
  constructor(private readonly ports: AccessPorts) {}

  /**
   * The caller owns the thing, or it is refused as not found with `message`: a stranger learns
   * nothing, not even that it exists. `thing` undefined is a thing that does not exist.
   */
  assertOwner<T extends { userId: string }>(principal: Principal, thing: T | undefined, message: string): asserts thing is T {
    if (thing === undefined || thing.userId !== principal.userId) throw notFound(message);
  }

  async standing(viewer: Principal | null, ownerId: string): Promise<Standing> {
    const isOwner = viewer !== null && viewer.userId === ownerId;
    const inOwnersCircle = !isOwner && viewer !== null && (await this.ports.friendAccess(ownerId, viewer.userId)) !== null;
    return { isOwner, inOwnersCircle };
  }

  /**
   * Whether the viewer (null: a visitor) may read a log of this privacy and owner (core canViewLog);
   * a protected log reaches a friend only through what the owner's circle shares with them.
   */
  async canViewLog(viewer: Pick<Principal, 'userId'> | null, log: { userId: string; privacy: string; lakeName: string | null; tags: string[] }): Promise<boolean> {
    const privacy = log.privacy as Privacy;
    const isOwner = viewer?.userId === log.userId;
    // Only a protected log depends on the owner's circle; the others need no lookup.
    if (privacy !== 'protected' || isOwner || viewer === null) return canViewLog(privacy, { isOwner, inOwnersCircle: false });
    const access = await this.ports.friendAccess(log.userId, viewer.userId);
    return access !== null && friendMaySee({ privacy, lakeName: log.lakeName, tags: log.tags }, access);
  }

  /** Premium was decided once for the request by the auth plugin, through the one rule. */
  isPremium(principal: Principal): boolean {
    return principal.premium;
  }

  assertPremium(principal: Principal, message: string): void {
    if (!this.isPremium(principal)) throw forbidden(message);
  }
}
