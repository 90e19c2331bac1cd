import { createRequire } from 'node:module';
import { distanceKm, KM_PER_MILE } from '@tightlines/core/geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import whichPolygon from 'which-polygon';
import type { Place, PlacesProvider, ReversePlace } from './places';
import { timeZoneAt } from './places';
import { STATE_NAMES_LONGEST_FIRST, stateCode, stateName } from './us-states';

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  /** USPS code for US records, full province name for Canadian ones. */
  state: string;
  country: 'US' | 'Canada';
}

interface StateProperties {
  name: string;
}

// The ZIP table is 5 MB of JavaScript (~0.4 s to load), so it is required on
// first use rather than imported, keeping server start and unrelated tests fast.
const require = createRequire(import.meta.url);

const ZIP_PATTERN = /^(\d{5})(?:-?\d{4})?$/;

// Open water (the Great Lakes, coastal bays) lies outside every state polygon;
// the nearest ZIP centroid within this distance stands in for the shoreline.
const NEAREST_ZIP_MAX_MILES = 75;

// tz-lookup splits border waters by country (Lake Erie's north half is
// America/Toronto), so the ZIP fallback only runs in US or nautical zones and
// never credits Tijuana or Windsor to a US state.
const US_TIME_ZONES = new Set([
  'America/New_York',
  'America/Detroit',
  'America/Kentucky/Louisville',
  'America/Kentucky/Monticello',
  'America/Indiana/Indianapolis',
  'America/Indiana/Vincennes',
  'America/Indiana/Winamac',
  'America/Indiana/Marengo',
  'America/Indiana/Petersburg',
  'America/Indiana/Vevay',
  'America/Indiana/Tell_City',
  'America/Indiana/Knox',
  'America/Chicago',
  'America/Menominee',
  'America/North_Dakota/Center',
  'America/North_Dakota/New_Salem',
  'America/North_Dakota/Beulah',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'America/Juneau',
  'America/Sitka',
  'America/Metlakatla',
  'America/Yakutat',
  'America/Nome',
  'America/Adak',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'America/St_Thomas',
  'Pacific/Guam',
  'Pacific/Saipan',
  'Pacific/Pago_Pago',
]);

interface Indexes {
  byZip: Map<string, ZipRecord>;
  byCityState: Map<string, ZipRecord[]>;
  /** US records in states and territories the polygons know, for the water fallback. */
  located: ZipRecord[];
}

/** ZIP and city search from the `zipcodes` package; reverse lookups from us-atlas. */
export class OfflinePlaces implements PlacesProvider {
  private indexes: Indexes | undefined;
  private stateAt: whichPolygon.Query<StateProperties> | undefined;

  search(term: string): Place | null {
    const text = term.trim().replace(/\s+/g, ' ');
    if (text === '') return null;
    const zipMatch = ZIP_PATTERN.exec(text);
    if (zipMatch?.[1]) return this.byZip(zipMatch[1]);
    const parsed = splitCityState(text);
    return parsed ? this.byCity(parsed.city, parsed.state) : null;
  }

  reverse(lat: number, lng: number): ReversePlace {
    const timeZone = timeZoneAt(lat, lng);
    const hit = this.statePolygons()([lng, lat]);
    if (hit) return { state: stateCode(hit.name), stateName: hit.name, timeZone };
    const near = US_TIME_ZONES.has(timeZone) || timeZone.startsWith('Etc/') ? this.nearestZip(lat, lng) : null;
    if (near) return { state: near.state, stateName: stateName(near.state), timeZone };
    return { state: null, stateName: null, timeZone };
  }

  private byZip(zip: string): Place | null {
    const record = this.zipIndexes().byZip.get(zip);
    if (!record) return null;
    return toPlace(record.city, record.state, record.latitude, record.longitude, zip);
  }

  private byCity(city: string, state: string): Place | null {
    const records = this.zipIndexes().byCityState.get(cityKey(city, state));
    const first = records?.[0];
    if (!records || !first) return null;
    // Medians, because a city's PO-box ZIPs often share one downtown point
    // while a stray suburban ZIP would drag a mean off-centre.
    const lat = median(records.map((r) => r.latitude));
    const lng = median(records.map((r) => r.longitude));
    return toPlace(first.city, first.state, round4(lat), round4(lng));
  }

  private zipIndexes(): Indexes {
    if (this.indexes) return this.indexes;
    const { codes } = require('zipcodes') as { codes: Record<string, ZipRecord> };
    const byZip = new Map<string, ZipRecord>();
    const byCityState = new Map<string, ZipRecord[]>();
    const located: ZipRecord[] = [];
    for (const record of Object.values(codes)) {
      // Military (APO/FPO) and a few unplaced codes sit at 0,0.
      if (record.country !== 'US' || (record.latitude === 0 && record.longitude === 0)) continue;
      byZip.set(record.zip, record);
      if (stateName(record.state)) located.push(record);
      const key = cityKey(record.city, record.state);
      const list = byCityState.get(key);
      if (list) list.push(record);
      else byCityState.set(key, [record]);
    }
    this.indexes = { byZip, byCityState, located };
    return this.indexes;
  }

  private statePolygons(): whichPolygon.Query<StateProperties> {
    if (this.stateAt) return this.stateAt;
    const topology = require('us-atlas/states-10m.json') as Topology<{
      states: GeometryCollection<StateProperties>;
    }>;
    const states = feature(topology, topology.objects.states);
    this.stateAt = whichPolygon(states);
    return this.stateAt;
  }

  private nearestZip(lat: number, lng: number): ZipRecord | null {
    let best: ZipRecord | null = null;
    let bestMiles = NEAREST_ZIP_MAX_MILES;
    for (const record of this.zipIndexes().located) {
      // A cheap latitude gate skips the trigonometry for almost every record.
      if (Math.abs(record.latitude - lat) > 1.2) continue;
      const miles = distanceKm({ lat, lng }, { lat: record.latitude, lng: record.longitude }) / KM_PER_MILE;
      if (miles <= bestMiles) {
        best = record;
        bestMiles = miles;
      }
    }
    return best;
  }
}

function toPlace(city: string, state: string, lat: number, lng: number, zip?: string): Place {
  const place: Place = { name: `${city}, ${state}`, city, state, lat, lng, timeZone: timeZoneAt(lat, lng) };
  if (zip !== undefined) place.zip = zip;
  return place;
}

/** "City, State", or "City State" when the words end in a state name or code. */
function splitCityState(text: string): { city: string; state: string } | null {
  const comma = text.lastIndexOf(',');
  if (comma >= 0) {
    const city = text.slice(0, comma).trim();
    const state = stateCode(text.slice(comma + 1));
    return city && state ? { city, state } : null;
  }
  const upper = text.toUpperCase();
  for (const name of STATE_NAMES_LONGEST_FIRST) {
    if (upper.endsWith(` ${name}`)) {
      const state = stateCode(name);
      const city = text.slice(0, text.length - name.length).trim();
      if (state && city) return { city, state };
    }
  }
  const space = text.lastIndexOf(' ');
  if (space < 0) return null;
  const state = stateCode(text.slice(space + 1));
  const city = text.slice(0, space).trim();
  return state && city ? { city, state } : null;
}

// People type "St. Paul" and "Saint Paul"; the ZIP table holds both "St James"
// and "Saint Paul". Folding to the short forms makes either spelling match.
const ABBREVIATIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bSAINTE\b/g, 'STE'],
  [/\bSAINT\b/g, 'ST'],
  [/\bFORT\b/g, 'FT'],
  [/\bMOUNT\b/g, 'MT'],
];

function cityKey(city: string, state: string): string {
  let folded = city
    .toUpperCase()
    .replace(/[.'’]/g, '')
    .replace(/[-\s]+/g, ' ')
    .trim();
  for (const [pattern, short] of ABBREVIATIONS) folded = folded.replace(pattern, short);
  return `${state.toUpperCase()}|${folded}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const upper = sorted[mid] ?? Number.NaN;
  if (sorted.length % 2 === 1) return upper;
  return ((sorted[mid - 1] ?? upper) + upper) / 2;
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
