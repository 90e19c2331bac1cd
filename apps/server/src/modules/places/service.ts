import { messages } from '@tightlines/core/messages';
import type { Principal } from '../../access/principal';
import { notFound } from '../../lib/errors';
import { isPublicAddress, type GeolocationProvider } from '../../providers/geolocation/geolocation';
import type { PlacesProvider } from '../../providers/places/places';
import type { ProviderLog } from '../../providers/weather/weather';

type Source = 'network' | 'last-log' | 'last-search';
type Located = { lat: number; lng: number; source: Source; label: string | null };

type Deps = {
  places: PlacesProvider;
  /** The IP geolocation service, when configured (GEOLOCATION_URL). */
  geolocation: GeolocationProvider | null;
  /** From the logs module: the point of the member's latest log. */
  lastLogPoint: (userId: string) => Promise<{ lat: number; lng: number; lake: string | null } | null>;
  /** From the forecast module: the place of the member's latest forecast search. */
  lastSearchPlace: (userId: string) => Promise<{ lat: number; lng: number; name: string } | null>;
  log: ProviderLog;
};

export class PlacesService {
  constructor(private readonly deps: Deps) {}

  /** Answers in the shape of a geocoder's reverse lookup, which the seeds' clients read the state from. */
  reverse(lat: number, lng: number) {
    const place = this.deps.places.reverse(lat, lng);
    const components = place.state
      ? [{ long_name: place.stateName, short_name: place.state, types: ['administrative_area_level_1', 'political'] }]
      : [];
    return {
      results: components.length ? [{ address_components: components }] : [],
      state: place.state,
      stateName: place.stateName,
      timeZone: place.timeZone,
    };
  }

  /**
   * Seed 000's fallback for a browser without a position: the geolocation service from the
   * caller's address, then the member's last known place (last log, then last forecast search).
   */
  async locate(ip: string, caller: Principal | null): Promise<Located> {
    if (this.deps.geolocation && isPublicAddress(ip)) {
      try {
        const found = await this.deps.geolocation.locate(ip);
        if (found) return { ...found, source: 'network' };
      } catch (error) {
        this.deps.log.warn({ err: String(error) }, 'geolocation service unavailable');
      }
    }
    if (caller) {
      const log = await this.deps.lastLogPoint(caller.userId);
      if (log) return { lat: log.lat, lng: log.lng, source: 'last-log', label: log.lake };
      const search = await this.deps.lastSearchPlace(caller.userId);
      if (search) return { lat: search.lat, lng: search.lng, source: 'last-search', label: search.name };
    }
    throw notFound(messages.geolocationUnavailable);
  }
}
