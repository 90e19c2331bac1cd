import type { PlacesProvider } from '../../providers/places/places';

export class PlacesService {
  constructor(private readonly places: PlacesProvider) {}

  /** Answers in the shape of a geocoder's reverse lookup, which the seeds' clients read the state from. */
  reverse(lat: number, lng: number) {
    const place = this.places.reverse(lat, lng);
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
}
