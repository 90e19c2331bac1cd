import type { NearbyLake } from '@tightlines/core/api/lakes';
import { distanceKm, type GeoPoint } from '@tightlines/core/geo';
import type { Principal } from '../../access/principal';
import { HttpError } from '../../lib/errors';
import { pointInOutline } from '../../providers/lakes/geometry';
import type { LakeSource } from '../../providers/lakes/lakes';
import type { ProviderLog } from '../../providers/weather/weather';
import type { LakeRow, LakesRepo } from './repo';

/** A named lake this close to a log's point (without an outline holding it) is taken as its water. */
export const NEAREST_LAKE_KM = 1.5;
/** Lakes around a point are looked up in a box this many degrees of latitude across each way. */
const NEAR_DEGREES = 0.05;

/** The lakes known around one point, looked up once and used for every question about that point. */
export type LakesNear = { point: GeoPoint; lakes: LakeRow[]; /** The map service was asked and did not answer. */ sourceDown?: boolean };

export const LAKE_LOOKUP_UNAVAILABLE = 'Lake lookup unavailable: the lake map service is not answering right now.';

type Deps = {
  repo: LakesRepo;
  /** The lake map service (OpenStreetMap), when configured. */
  source: LakeSource | null;
  log: ProviderLog;
};

/**
 * Which water a point is on. Lakes come from our own table; when it knows none around a point and
 * the map service is configured, the service's lakes there are stored first, so each area is
 * fetched once.
 */
export class LakesService {
  constructor(private readonly deps: Deps) {}

  /** With `askSource` false only the lakes already known are read (no call to the map service). */
  async near(point: GeoPoint, { askSource = true } = {}): Promise<LakesNear> {
    const known = await this.deps.repo.near(point.lat, point.lng, NEAR_DEGREES);
    if (known.length > 0 || !askSource || !this.deps.source) return { point, lakes: known };
    try {
      for (const lake of await this.deps.source.lakesNear(point, 2000)) {
        // A big lake's pin may lie outside this point's box, where an earlier lookup stored it.
        const stored = await this.deps.repo.near(lake.lat, lake.lng, NEAR_DEGREES);
        if (stored.some((l) => l.name.toLowerCase() === lake.name.toLowerCase())) continue;
        await this.deps.repo.add([
          { name: lake.name, lat: lake.lat, lng: lake.lng, outline: lake.outline, areaAcres: lake.areaAcres, source: 'osm' },
        ]);
      }
      return { point, lakes: await this.deps.repo.near(point.lat, point.lng, NEAR_DEGREES) };
    } catch (error) {
      this.deps.log.warn({ err: String(error) }, 'lake source unavailable');
      return { point, lakes: known, sourceDown: true };
    }
  }

  /**
   * The lake whose outline holds the point, else the nearest named lake close by, else none. With
   * `forUserId`, names other anglers typed are left out: a log is named automatically only from map
   * data or its own angler's names, so nobody can plant a name into someone else's logs.
   */
  match({ point, lakes: all }: LakesNear, forUserId?: string): NearbyLake | null {
    const lakes = forUserId === undefined ? all : all.filter((l) => l.source !== 'log' || l.createdBy === forUserId);
    const holding = lakes.find((l) => l.outline && pointInOutline(point, l.outline));
    const nearest = lakes
      .map((l) => ({ l, km: distanceKm(point, { lat: l.lat, lng: l.lng }) }))
      .filter((c) => c.km <= NEAREST_LAKE_KM)
      .sort((a, b) => a.km - b.km)[0]?.l;
    const lake = holding ?? nearest;
    return lake ? { name: lake.name, location: { lat: lake.lat, lng: lake.lng }, area: lake.areaAcres, outline: lake.outline ?? null } : null;
  }

  /** No lake, because the map service is down (not because there is none), is a 503 the form can say. */
  async find(point: GeoPoint): Promise<NearbyLake | null> {
    const near = await this.near(point);
    const lake = this.match(near);
    if (!lake && near.sourceDown) throw new HttpError(503, LAKE_LOOKUP_UNAVAILABLE);
    return lake;
  }

  /**
   * Anglers name the waters: a lake name first logged at a point in a public log becomes a lake
   * others can find there. A private or protected log's spot is nobody else's business, so it is
   * never shared. Joins the caller's transaction.
   */
  async remember(principal: Principal, near: LakesNear, name: string, state: string | null, privacy: string): Promise<void> {
    if (!this.mayRemember(near, name, privacy)) return;
    await this.deps.repo.add([{ name, lat: near.point.lat, lng: near.point.lng, state, source: 'log', createdBy: principal.userId }]);
  }

  /** Whether `remember` would write (a privacy not known yet may be public). */
  mayRemember(near: LakesNear, name: string, privacy: string | undefined): boolean {
    return (privacy === undefined || privacy === 'public') && !near.lakes.some((l) => l.name.toLowerCase() === name.toLowerCase());
  }
}
