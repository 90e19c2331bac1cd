import { describe, expect, it } from 'vitest';
import { OfflinePlaces } from '../../src/providers/places/offline-places';
import { assertCoordinates, timeZoneAt } from '../../src/providers/places/places';

const places = new OfflinePlaces();

describe('OfflinePlaces.search by ZIP', () => {
  it('finds a five-digit ZIP', () => {
    expect(places.search('55401')).toEqual({
      name: 'Minneapolis, MN',
      city: 'Minneapolis',
      state: 'MN',
      zip: '55401',
      lat: 44.9835,
      lng: -93.2683,
      timeZone: 'America/Chicago',
    });
  });

  it('accepts ZIP+4 and surrounding spaces', () => {
    expect(places.search('  55401-1234 ')?.zip).toBe('55401');
    expect(places.search('554011234')?.zip).toBe('55401');
  });

  it('keeps leading zeros', () => {
    expect(places.search('02108')).toMatchObject({ city: 'Boston', state: 'MA', timeZone: 'America/New_York' });
  });

  it('returns null for unknown or malformed ZIPs', () => {
    expect(places.search('00000')).toBeNull();
    expect(places.search('5540')).toBeNull();
    expect(places.search('K1A')).toBeNull();
    expect(places.search('')).toBeNull();
    expect(places.search('   ')).toBeNull();
  });
});

describe('OfflinePlaces.search by city and state', () => {
  it('takes a USPS code, any case, with extra spaces', () => {
    const place = places.search('  minneapolis ,   mn ');
    expect(place).toMatchObject({ name: 'Minneapolis, MN', city: 'Minneapolis', state: 'MN', timeZone: 'America/Chicago' });
    expect(place?.zip).toBeUndefined();
    expect(place?.lat).toBeCloseTo(44.98, 1);
    expect(place?.lng).toBeCloseTo(-93.27, 1);
  });

  it('takes a full state name', () => {
    expect(places.search('Brainerd, Minnesota')).toMatchObject({ name: 'Brainerd, MN', lat: 46.3502, lng: -94.1 });
    expect(places.search('Charleston, west virginia')).toMatchObject({ state: 'WV' });
  });

  it('works without a comma when the words end in a state', () => {
    expect(places.search('minneapolis mn')?.name).toBe('Minneapolis, MN');
    expect(places.search('Kansas City Missouri')?.name).toBe('Kansas City, MO');
    expect(places.search('new york new york')?.name).toBe('New York, NY');
    expect(places.search('Charleston West Virginia')?.state).toBe('WV');
    expect(places.search('Richmond Virginia')?.state).toBe('VA');
  });

  it('matches abbreviated and spelled-out saints, forts and mounts', () => {
    expect(places.search('St. Paul, MN')?.name).toBe('Saint Paul, MN');
    expect(places.search('saint paul mn')?.name).toBe('Saint Paul, MN');
    expect(places.search('Fort Lauderdale, FL')?.state).toBe('FL');
    expect(places.search('Ft. Lauderdale, FL')?.state).toBe('FL');
    expect(places.search('winston salem, nc')?.name).toBe('Winston Salem, NC');
  });

  it('gives the zone of the place, not of the server', () => {
    expect(places.search('Denver, CO')?.timeZone).toBe('America/Denver');
    expect(places.search('Phoenix, AZ')?.timeZone).toBe('America/Phoenix');
    expect(places.search('Honolulu, HI')?.timeZone).toBe('Pacific/Honolulu');
  });

  it('returns null when the city or state is unknown or missing', () => {
    expect(places.search('Atlantis, MN')).toBeNull();
    expect(places.search('Minneapolis, ZZ')).toBeNull();
    expect(places.search('Minneapolis')).toBeNull();
    expect(places.search(', MN')).toBeNull();
    expect(places.search('Minneapolis,')).toBeNull();
  });
});

describe('OfflinePlaces.reverse', () => {
  it('names the state and zone at a point', () => {
    expect(places.reverse(44.98, -93.27)).toEqual({ state: 'MN', stateName: 'Minnesota', timeZone: 'America/Chicago' });
    expect(places.reverse(46.25, -93.65)).toMatchObject({ state: 'MN' });
    expect(places.reverse(24.55, -81.78)).toMatchObject({ state: 'FL', timeZone: 'America/New_York' });
    expect(places.reverse(18.2, -66.5)).toMatchObject({ state: 'PR', stateName: 'Puerto Rico' });
    expect(places.reverse(38.9, -77.03)).toMatchObject({ state: 'DC', stateName: 'District of Columbia' });
  });

  it('splits states that share a time zone boundary', () => {
    expect(places.reverse(41.88, -87.63)).toMatchObject({ state: 'IL', timeZone: 'America/Chicago' });
    expect(places.reverse(42.33, -83.05)).toMatchObject({ state: 'MI', timeZone: 'America/Detroit' });
  });

  it('credits open water near shore to the nearest state', () => {
    // The Great Lakes and coastal waters lie outside the census state polygons.
    expect(places.reverse(43.5, -87.5)).toEqual({ state: 'WI', stateName: 'Wisconsin', timeZone: 'America/Chicago' });
    expect(places.reverse(47.5, -87.5)).toMatchObject({ state: 'MI', timeZone: 'America/Detroit' });
    expect(places.reverse(41.8, -81.5)).toMatchObject({ state: 'OH', timeZone: 'America/New_York' });
    expect(places.reverse(29.0, -90.0)).toMatchObject({ state: 'LA' });
  });

  it('returns no state abroad, in foreign waters or far out at sea', () => {
    expect(places.reverse(43.65, -79.38)).toEqual({ state: null, stateName: null, timeZone: 'America/Toronto' });
    expect(places.reverse(42.2, -81.5)).toEqual({ state: null, stateName: null, timeZone: 'America/Toronto' });
    expect(places.reverse(32.5, -117.03)).toEqual({ state: null, stateName: null, timeZone: 'America/Tijuana' });
    expect(places.reverse(40, -45)).toEqual({ state: null, stateName: null, timeZone: 'Etc/GMT+3' });
    expect(places.reverse(48.86, 2.35)).toEqual({ state: null, stateName: null, timeZone: 'Europe/Paris' });
  });

  it('rejects coordinates off the globe', () => {
    expect(() => places.reverse(91, 0)).toThrow(RangeError);
    expect(() => places.reverse(0, -180.5)).toThrow(/Longitude must be between -180 and 180/);
  });
});

describe('timeZoneAt', () => {
  it('looks up the IANA zone', () => {
    expect(timeZoneAt(46.35, -94.1)).toBe('America/Chicago');
    expect(timeZoneAt(61.22, -149.9)).toBe('America/Anchorage');
  });

  it('validates latitude and longitude', () => {
    expect(() => timeZoneAt(-90.01, 0)).toThrow(/Latitude must be between -90 and 90, got -90.01/);
    expect(() => timeZoneAt(Number.NaN, 0)).toThrow(RangeError);
    expect(() => assertCoordinates(90, 180)).not.toThrow();
    expect(() => assertCoordinates(-90, -180)).not.toThrow();
  });
});
