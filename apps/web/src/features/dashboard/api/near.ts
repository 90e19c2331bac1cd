import type { Point } from '../../../lib/geolocation';

/**
 * About 1 km: a phone's fix wanders more than that between visits and the weather does not, so
 * nearby fixes share one cached answer (and one request).
 */
export const near = ({ lat, lng }: Point): Point => ({ lat: Math.round(lat * 100) / 100, lng: Math.round(lng * 100) / 100 });
