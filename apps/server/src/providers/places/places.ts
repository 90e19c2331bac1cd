import tzLookup from 'tz-lookup';

export interface Place {
  /** Display name, e.g. "Minneapolis, MN". */
  name: string;
  city: string;
  /** USPS two-letter code. */
  state: string;
  /** Set when the search was a ZIP code. */
  zip?: string;
  lat: number;
  lng: number;
  /** IANA zone, e.g. "America/Chicago". */
  timeZone: string;
}

export interface ReversePlace {
  /** USPS two-letter code, null outside the US. */
  state: string | null;
  stateName: string | null;
  timeZone: string;
}

export interface PlacesProvider {
  /** A US ZIP (ZIP+4 allowed) or "city, state"; null when nothing matches. */
  search(term: string): Place | null;
  /** @throws RangeError for coordinates off the globe. */
  reverse(lat: number, lng: number): ReversePlace;
}

/** @throws RangeError for coordinates off the globe. */
export function assertCoordinates(lat: number, lng: number): void {
  if (!Number.isFinite(lat) || lat < -90 || lat > 90) {
    throw new RangeError(`Latitude must be between -90 and 90, got ${lat}`);
  }
  if (!Number.isFinite(lng) || lng < -180 || lng > 180) {
    throw new RangeError(`Longitude must be between -180 and 180, got ${lng}`);
  }
}

/**
 * IANA zone at a point. Open water gets a nautical zone such as "Etc/GMT+6".
 * @throws RangeError for coordinates off the globe.
 */
export function timeZoneAt(lat: number, lng: number): string {
  assertCoordinates(lat, lng);
  return tzLookup(lat, lng);
}
