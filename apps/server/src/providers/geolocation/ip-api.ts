import { z } from 'zod';
import type { ProviderLog } from '../weather/weather';
import type { GeolocationProvider, NetworkPlace } from './geolocation';

/** ip-api.com's JSON answer (`GET <base>/json/<ip>`), the fields we ask for. */
const answer = z.object({
  status: z.enum(['success', 'fail']),
  message: z.string().optional(),
  lat: z.number().optional(),
  lon: z.number().optional(),
  city: z.string().optional(),
  region: z.string().optional(),
});

export interface IpApiOptions {
  /** e.g. `http://ip-api.com` (the free endpoint) or a paid or self-hosted one speaking the same format. */
  baseUrl: string;
  timeoutMs?: number;
  log: ProviderLog;
}

/** The seeds' "third-party geolocation service" for a browser that cannot give its position. */
export class IpApiGeolocation implements GeolocationProvider {
  constructor(private readonly options: IpApiOptions) {}

  async locate(ip: string): Promise<NetworkPlace | null> {
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/json/${encodeURIComponent(ip)}?fields=status,message,lat,lon,city,region`;
    const res = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000) });
    if (!res.ok) throw new Error(`geolocation service answered ${res.status}`);
    const body = answer.parse(await res.json());
    if (body.status !== 'success' || body.lat === undefined || body.lon === undefined) {
      this.options.log.warn({ ip, message: body.message }, 'geolocation service could not place the address');
      return null;
    }
    const label = [body.city, body.region].filter(Boolean).join(', ');
    return { lat: body.lat, lng: body.lon, label: label || null };
  }
}
