import * as lakes from '@tightlines/core/api/lakes';
import * as places from '@tightlines/core/api/places';
import { call } from '../../../lib/api';
import type { Point } from '../../../lib/geolocation';

/** The lake at a point (name, outline) and the point's state and zone, for the lakes builder. */
export async function lookUpPlace(point: Point) {
  const [lake, place] = await Promise.allSettled([call(lakes.findLake, { body: point }), call(places.reverseGeocode, { body: point })]);
  return {
    lake: lake.status === 'fulfilled' ? lake.value : null,
    state: place.status === 'fulfilled' ? place.value.state : null,
    timeZone: place.status === 'fulfilled' ? place.value.timeZone : null,
  };
}
