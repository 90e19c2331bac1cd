import { EARTH_RADIUS_M, radians, type GeoPoint, type LakeOutline, type Position, type Ring } from '@tightlines/core/geo';

export const SQUARE_METERS_PER_ACRE = 4046.8564224;

/** Whether the point is on the water: inside an outer ring and outside that ring's holes. */
export function pointInOutline(point: GeoPoint, outline: LakeOutline): boolean {
  return polygonsOf(outline).some((polygon) => pointInPolygon(point, polygon));
}

/**
 * Ray casting in plain longitude/latitude, which is exact enough at lake scale.
 * A point exactly on an edge may land on either side.
 */
export function pointInRing(point: GeoPoint, ring: Ring): boolean {
  let inside = false;
  forEachEdge(ring, ([x1, y1], [x2, y2]) => {
    if (y1 > point.lat !== y2 > point.lat && point.lng < ((x2 - x1) * (point.lat - y1)) / (y2 - y1) + x1) {
      inside = !inside;
    }
  });
  return inside;
}

/** Water surface in square metres, islands excluded. */
export function outlineAreaM2(outline: LakeOutline): number {
  return polygonsOf(outline).reduce((sum, polygon) => sum + polygonAreaM2(polygon), 0);
}

/**
 * A point on the water to pin the lake by: the centroid of the largest part's
 * outer ring, or, when that falls on land (a crescent lake, a central island),
 * the middle of the widest stretch of water along the centroid's latitude.
 */
export function representativePoint(outline: LakeOutline): GeoPoint {
  let largest: Ring[] | undefined;
  let largestArea = -1;
  for (const polygon of polygonsOf(outline)) {
    const area = polygonAreaM2(polygon);
    if (area > largestArea) {
      largest = polygon;
      largestArea = area;
    }
  }
  const outer = largest?.[0];
  if (!largest || !outer) throw new RangeError('Outline has no rings');
  const centroid = ringCentroid(outer);
  if (pointInPolygon(centroid, largest)) return centroid;
  const crossings: number[] = [];
  for (const ring of largest) {
    forEachEdge(ring, ([x1, y1], [x2, y2]) => {
      if (y1 > centroid.lat !== y2 > centroid.lat) crossings.push(((x2 - x1) * (centroid.lat - y1)) / (y2 - y1) + x1);
    });
  }
  crossings.sort((a, b) => a - b);
  let best = centroid;
  let widest = 0;
  // Crossings alternate entering and leaving the water, so they pair up as spans of water.
  for (let i = 0; i + 1 < crossings.length; i += 2) {
    const west = crossings[i] ?? 0;
    const east = crossings[i + 1] ?? 0;
    if (east - west > widest) {
      widest = east - west;
      best = { lat: centroid.lat, lng: (west + east) / 2 };
    }
  }
  return best;
}

/**
 * Area of a ring on the sphere (Chamberlain & Duquette 2007, as OpenLayers
 * computes it). Exact for latitude/longitude boxes; for other shapes the error
 * shrinks with edge length, and OSM shorelines have short edges.
 */
export function ringAreaM2(ring: Ring): number {
  let sum = 0;
  forEachEdge(ring, ([x1, y1], [x2, y2]) => {
    sum += radians(x2 - x1) * (2 + Math.sin(radians(y1)) + Math.sin(radians(y2)));
  });
  return Math.abs((sum * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2);
}

/** Twice the signed planar area in degrees; positive when the ring runs counter-clockwise. */
export function ringOrientation(ring: Ring): number {
  let sum = 0;
  forEachEdge(ring, ([x1, y1], [x2, y2]) => {
    sum += x1 * y2 - x2 * y1;
  });
  return sum;
}

function polygonsOf(outline: LakeOutline): Ring[][] {
  return outline.type === 'Polygon' ? [outline.coordinates] : outline.coordinates;
}

function pointInPolygon(point: GeoPoint, [outer, ...holes]: Ring[]): boolean {
  return outer !== undefined && pointInRing(point, outer) && !holes.some((hole) => pointInRing(point, hole));
}

function polygonAreaM2([outer, ...holes]: Ring[]): number {
  if (!outer) return 0;
  return Math.max(0, ringAreaM2(outer) - holes.reduce((sum, hole) => sum + ringAreaM2(hole), 0));
}

/**
 * Shoelace centroid on an equirectangular projection around the ring's first
 * vertex, so a degree of longitude is not weighted like a degree of latitude.
 */
function ringCentroid(ring: Ring): GeoPoint {
  const [originLng, originLat] = ring[0] ?? [0, 0];
  const scale = Math.cos(radians(originLat));
  let twiceArea = 0;
  let cx = 0;
  let cy = 0;
  forEachEdge(ring, ([lng1, lat1], [lng2, lat2]) => {
    const x1 = (lng1 - originLng) * scale;
    const y1 = lat1 - originLat;
    const x2 = (lng2 - originLng) * scale;
    const y2 = lat2 - originLat;
    const cross = x1 * y2 - x2 * y1;
    twiceArea += cross;
    cx += (x1 + x2) * cross;
    cy += (y1 + y2) * cross;
  });
  if (twiceArea === 0) return { lat: originLat, lng: originLng };
  return { lat: originLat + cy / (3 * twiceArea), lng: originLng + cx / (3 * twiceArea) / scale };
}

function forEachEdge(ring: Ring, visit: (from: Position, to: Position) => void): void {
  let previous: Position | undefined;
  for (const position of ring) {
    if (previous) visit(previous, position);
    previous = position;
  }
}
