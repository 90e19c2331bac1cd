import { queryOptions } from '@tanstack/react-query';
import * as lakes from '@tightlines/core/api/lakes';
import * as places from '@tightlines/core/api/places';
import { call } from '../../../lib/api';
import type { Point } from '../../../lib/geolocation';

/** The state and time zone of a picked point: the state fills the form, the zone reads its clock. */
export const placeQueryOptions = ({ lat, lng }: Point) =>
  queryOptions({ queryKey: ['place', lat, lng], queryFn: () => call(places.reverseGeocode, { body: { lat, lng } }), staleTime: Infinity });

/** The lake at or nearest a picked point, or null. */
export const nearbyLakeQueryOptions = ({ lat, lng }: Point) =>
  queryOptions({ queryKey: ['nearby-lake', lat, lng], queryFn: () => call(lakes.findLake, { body: { lat, lng } }), staleTime: 10 * 60_000 });
