import { z } from 'zod';
import { pointInput } from '../geo';
import { contract, jsonBody } from './contract';

/** A named lake at or near a point; `area` in acres when its outline is known. */
export const nearbyLake = z.object({
  name: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  area: z.number().nullable(),
  /** The lake's outline (GeoJSON Polygon or MultiPolygon) when known: an event's lakes builder draws it. */
  outline: z
    .object({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.array(z.any()) })
    .nullable()
    .optional(),
});
export type NearbyLake = z.infer<typeof nearbyLake>;

export const findLake = contract({
  method: 'POST',
  path: '/api/util/find-lake',
  access: 'public',
  summary: 'The lake whose outline holds the point, else the nearest named lake within 1.5 km, else null.',
  body: jsonBody(pointInput),
  response: nearbyLake.nullable(),
});
