import { pointInput } from '@tightlines/core/forecast';
import type { FastifyInstance } from 'fastify';
import { parse } from '../../lib/errors';
import type { PlacesService } from './service';

export function placesRoutes(app: FastifyInstance, places: PlacesService) {
  app.post('/api/util/geolocate/reverse', async (request) => {
    const { lat, lng } = parse(pointInput, request.body);
    return places.reverse(lat, lng);
  });
}
