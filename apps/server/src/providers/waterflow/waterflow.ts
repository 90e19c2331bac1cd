import type { Waterflow } from '@tightlines/core/logs';

export interface WaterflowReading {
  /** The gauge's name as the agency writes it, e.g. "MISSISSIPPI RIVER AT ST. PAUL, MN". */
  station: string;
  siteCode: string;
  agency: string;
  location: { lat: number; lng: number };
  /** From the asked-about point to the gauge. */
  distanceKm: number;
  waterflow: Waterflow & {
    /** Discharge in cubic feet per second; null when the gauge has none for the time. */
    rate: number | null;
    /** Stage in feet above the gauge's own datum, not sea level. */
    gageHeight: number | null;
    unit: 'ft3/s';
    /**
     * When the reading was taken, in the gauge's local offset; a bare
     * 'YYYY-MM-DD' for a daily mean. Null when neither value was recorded.
     */
    measuredAt: string | null;
  };
}

/**
 * Throws `WaterflowUnavailableError` when the upstream service cannot answer,
 * and `RangeError` for coordinates off the globe or an invalid date.
 */
export interface WaterflowProvider {
  /**
   * The nearest active stream gauge and its readings at `at`, or null when no
   * gauge is near enough. A gauge with nothing recorded at that time still
   * comes back, with null values.
   */
  nearest(point: { lat: number; lng: number }, at: Date): Promise<WaterflowReading | null>;
}

/** The stream gauge service could not answer; the message says why, fit to show a user. */
export class WaterflowUnavailableError extends Error {
  override readonly name = 'WaterflowUnavailableError';
}
