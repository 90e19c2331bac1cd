import * as api from '@tightlines/core/api/places';
import { route, type RouteEntry } from '../../http/routes';
import type { PlacesService } from './service';

export function placesRoutes(places: PlacesService): RouteEntry[] {
  return [
    route(api.reverseGeocode, async ({ body }) => places.reverse(body.lat, body.lng)),
    route(api.geolocate, ({ request, principal }) => places.locate(request.ip, principal)),
  ];
}
