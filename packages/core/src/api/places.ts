import { z } from 'zod';
import { pointInput } from '../geo';
import { contract, jsonBody } from './contract';

const addressComponent = z.object({ long_name: z.string().nullable(), short_name: z.string(), types: z.array(z.string()) });

export const reverseGeocode = contract({
  method: 'POST',
  path: '/api/util/geolocate/reverse',
  access: 'public',
  summary: 'The US state and time zone of a point, in a geocoder-like shape (results[].address_components).',
  body: jsonBody(pointInput),
  response: z.object({
    results: z.array(z.object({ address_components: z.array(addressComponent) })),
    state: z.string().nullable(),
    stateName: z.string().nullable(),
    timeZone: z.string(),
  }),
});
