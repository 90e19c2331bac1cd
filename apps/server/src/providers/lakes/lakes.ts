import type { GeoPoint, LakeOutline } from '@tightlines/core/geo';

// The LakeSource contract speaks in core's geographic shapes; its callers may take them from here.
export type { GeoPoint, LakeOutline, MultiPolygonOutline, PolygonOutline, Position, Ring } from '@tightlines/core/geo';

export interface SourceLake {
  name: string;
  /** A point on the water (see `representativePoint`), for pins and distances. */
  lat: number;
  lng: number;
  outline: LakeOutline;
  /** Water surface, islands excluded. */
  areaAcres: number;
  /** OSM element, e.g. "way/123" or "relation/456". */
  osmId: string;
}

/**
 * Named lakes, ponds and other mapped water near a point. Throws
 * `LakeSourceUnavailableError` when the map service cannot answer and
 * `RangeError` for coordinates off the globe or an unusable radius.
 */
export interface LakeSource {
  /**
   * Water whose shore comes within `radiusMeters` of the point, and water that
   * contains the point however far its shore is; in no particular order.
   */
  lakesNear(point: GeoPoint, radiusMeters: number): Promise<SourceLake[]>;
}

/** The lake map service could not answer; the message says why, fit to show a user. */
export class LakeSourceUnavailableError extends Error {
  override readonly name = 'LakeSourceUnavailableError';
}
