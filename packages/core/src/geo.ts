import { z } from 'zod';

/** Form fields send numbers as text too; the sentences are the ones every point-taking route answers. */
export const latitude = z.coerce
  .number({ error: 'A latitude is required.' })
  .min(-90, 'Latitude must be between -90 and 90.')
  .max(90, 'Latitude must be between -90 and 90.');
export const longitude = z.coerce
  .number({ error: 'A longitude is required.' })
  .min(-180, 'Longitude must be between -180 and 180.')
  .max(180, 'Longitude must be between -180 and 180.');

export const pointInput = z.object({ lat: latitude, lng: longitude });

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** GeoJSON order: longitude first. */
export type Position = [lng: number, lat: number];
/** Closed: the last position repeats the first. */
export type Ring = Position[];

/** GeoJSON Polygon: the outer ring, then any holes (islands). */
export interface PolygonOutline {
  type: 'Polygon';
  coordinates: Ring[];
}

export interface MultiPolygonOutline {
  type: 'MultiPolygon';
  coordinates: Ring[][];
}

/** A lake's shore as GeoJSON. */
export type LakeOutline = PolygonOutline | MultiPolygonOutline;

/** Mean earth radius (IUGG), the usual choice for spherical distances and areas. */
export const EARTH_RADIUS_M = 6_371_008.8;
export const KM_PER_MILE = 1.609344;

export function radians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** Great-circle distance by the haversine formula. */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return (2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))) / 1000;
}
