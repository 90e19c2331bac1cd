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

/** Where the seeds' fallback found the caller, and how sure it is. */
export const LOCATION_SOURCES = ['network', 'last-log', 'last-search'] as const;

export const geolocate = contract({
  method: 'GET',
  path: '/api/util/geolocate',
  access: 'public',
  summary:
    'Where the caller probably is when the browser cannot say: the geolocation service (when configured) from the caller’s address, then a member’s last log, then their last forecast search; else 404 "Geolocation no available".',
  response: z.object({
    lat: z.number(),
    lng: z.number(),
    source: z.enum(LOCATION_SOURCES),
    label: z.string().nullable(),
  }),
});
