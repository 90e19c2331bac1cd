import {
  accessFromFilters,
  byUsername,
  CIRCLE_MAX_MEMBERS,
  CIRCLE_MESSAGES,
  filtersFor,
  looksLikeEmail,
  ownerSeesFriendEmail,
  type CircleFilters,
  type CircleMember,
  type InnerCircleUser,
} from '@tightlines/core/circle';
import { ALREADY_SUBSCRIBED, type CircleFeed, type PushSubscriptionInput } from '@tightlines/core/api/circle';
import type { ChartsAnswer, MapMarker } from '@tightlines/core/api/analysis';
import { chartsFromTallies, stackedUpperLimit } from '@tightlines/core/charts';
import type { Filter } from '@tightlines/core/filters';
import type { AccessService } from '../../access/access';
import type { Principal } from '../../access/principal';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors';
import type { LogsQuery } from '../logs/query';
import type { CircleRepo, RelationRow } from './repo';

type Person = { id: string; username: string };

/** Browsers per member that get notifications; older subscriptions give way to newer ones. */
const PUSH_BROWSERS_PER_MEMBER = 10;

type Deps = {
  repo: CircleRepo;
  access: AccessService;
  logs: LogsQuery;
  /** From the accounts module. */
  usernames: (userIds: string[]) => Promise<Person[]>;
  findByUsername: (username: string) => Promise<Person | undefined>;
  findByEmail: (email: string) => Promise<Person | undefined>;
  /** The owner's tag list, from the tags module. */
  tagsOf: (principal: Principal) => Promise<string[]>;
  /** Plain-http push endpoints are for tests on loopback only. */
  pushAllowHttp: boolean;
};

/**
 * The Inner Circle: adding and removing friends, what each may see, leaving a circle, and the feed
 * of the circles one is in. Premium (the viewer's) opens adding, managing and the feed; removing a
 * friend and leaving a circle are always allowed, since nobody should pay to stop sharing.
 */
export class CircleService {
  constructor(private readonly deps: Deps) {}

  private assertPremium(principal: Principal) {
    this.deps.access.assertPremium(principal, CIRCLE_MESSAGES.needsPremium);
  }

  /** The people in the member's own circle, by username (the dashboard's count reads this). */
  async membersOf(principal: Principal): Promise<Array<{ _id: string; username: string }>> {
    const ids = await this.deps.repo.memberIdsOf(principal.userId);
    if (ids.length === 0) return [];
    const users = await this.deps.usernames(ids);
    return byUsername(users.map((u) => ({ _id: u.id, username: u.username })));
  }

  /** GET inner-circle: the members of my circle with their checklists; e-mails only where shown to me. */
  async circle(principal: Principal): Promise<InnerCircleUser[]> {
    const [rows, lakes, tags] = await Promise.all([
      this.deps.repo.circleOf(principal.userId),
      this.deps.logs.lakes(principal),
      this.deps.tagsOf(principal),
    ]);
    return byUsername(rows.map((row) => this.innerCircleUser(row, lakes, tags)));
  }

  private innerCircleUser(row: RelationRow, lakes: string[], tags: string[]): InnerCircleUser {
    return {
      _id: row.userId,
      username: row.username,
      email: ownerSeesFriendEmail({ addedByEmail: row.addedByEmail, friendAddedOwner: row.mutual }) ? row.email : null,
      totalLogs: row.totalLogs,
      followsYou: true,
      youFollow: row.mutual,
      filters: filtersFor(lakes, tags, row),
    };
  }

  /** GET allowed-circles: the anglers whose circle I am in; each chose to show me their address. */
  async allowedCircles(principal: Principal): Promise<CircleMember[]> {
    const rows = await this.deps.repo.circlesWith(principal.userId);
    return byUsername(
      rows.map((row) => ({ _id: row.userId, username: row.username, email: row.email, totalLogs: row.totalLogs, followsYou: row.mutual, youFollow: true })),
    );
  }

  async add(principal: Principal, typed: string): Promise<InnerCircleUser[]> {
    this.assertPremium(principal);
    const byEmail = looksLikeEmail(typed);
    const friend = byEmail ? await this.deps.findByEmail(typed) : await this.deps.findByUsername(typed);
    if (!friend) throw notFound(CIRCLE_MESSAGES.unknownUser);
    if (friend.id === principal.userId) throw badRequest(CIRCLE_MESSAGES.addYourself);
    const outcome = await this.deps.repo.add(principal.userId, friend.id, byEmail, CIRCLE_MAX_MEMBERS);
    if (outcome === 'already') throw new HttpError(409, CIRCLE_MESSAGES.alreadyAdded);
    if (outcome === 'full') throw new HttpError(409, CIRCLE_MESSAGES.tooMany);
    return this.circle(principal);
  }

  /** Takes effect on the next request: every read path looks the relation up again. */
  async remove(principal: Principal, username: string): Promise<InnerCircleUser[]> {
    const friend = await this.deps.findByUsername(username);
    if (friend) await this.deps.repo.remove(principal.userId, friend.id);
    return this.circle(principal);
  }

  async leave(principal: Principal, username: string): Promise<CircleMember[]> {
    const owner = await this.deps.findByUsername(username);
    if (owner) await this.deps.repo.remove(owner.id, principal.userId);
    return this.allowedCircles(principal);
  }

  /** Saves one member's checklists; only the circle's owner may, and only for someone in it. */
  async edit(principal: Principal, input: { username: string; _id?: string | undefined; filters: CircleFilters }) {
    this.assertPremium(principal);
    const friend = await this.deps.findByUsername(input.username);
    if (!friend || (input._id !== undefined && input._id !== friend.id)) throw forbidden(CIRCLE_MESSAGES.noPermission);
    const current = await this.deps.repo.access(principal.userId, friend.id);
    if (!current) throw forbidden(CIRCLE_MESSAGES.noPermission);
    // A tag turned on must be one of the owner's: a name not yet used cannot be pre-allowed.
    const ownTags = new Set((await this.deps.tagsOf(principal)).map((t) => t.toLowerCase()));
    const next = accessFromFilters(input.filters, current);
    const saved = await this.deps.repo.setAccess(principal.userId, friend.id, {
      hiddenLakes: next.hiddenLakes,
      allowedTags: next.allowedTags.filter((t) => ownTags.has(t)),
    });
    if (!saved) throw forbidden(CIRCLE_MESSAGES.noPermission);
    const user = (await this.circle(principal)).find((u) => u._id === friend.id);
    if (!user) throw forbidden(CIRCLE_MESSAGES.noPermission);
    return { message: CIRCLE_MESSAGES.accessSaved, user };
  }

  /** Registers a browser for the circle's push notifications. */
  async subscribe(principal: Principal, subscription: PushSubscriptionInput): Promise<{ message: string }> {
    if (!this.deps.pushAllowHttp && new URL(subscription.endpoint).protocol !== 'https:') throw badRequest('The push endpoint must be an https URL.');
    const outcome = await this.deps.repo.subscribe(principal.userId, subscription, PUSH_BROWSERS_PER_MEMBER);
    return { message: outcome === 'already' ? ALREADY_SUBSCRIBED : 'subscribed' };
  }

  async feed(principal: Principal, filters: readonly Filter[], limit: number, page: number, after?: string): Promise<CircleFeed> {
    this.assertPremium(principal);
    const { docs, total } = await this.deps.logs.circleFeed(principal, filters, limit, page, after);
    return { logs: docs, total, page, limit };
  }

  async charts(principal: Principal, filters: readonly Filter[]): Promise<ChartsAnswer> {
    this.assertPremium(principal);
    const charts = chartsFromTallies(await this.deps.logs.circleChartTallies(principal, filters));
    const { Lake, Month, Species, Tag } = charts.stacked;
    return {
      ...charts,
      stackedLimits: { Lake: stackedUpperLimit(Lake), Month: stackedUpperLimit(Month), Species: stackedUpperLimit(Species), Tag: stackedUpperLimit(Tag) },
    };
  }

  markers(principal: Principal, filters: readonly Filter[]): Promise<Array<MapMarker & { username: string }>> {
    this.assertPremium(principal);
    return this.deps.logs.circleMarkers(principal, filters);
  }
}
