import type { MoonPhaseName } from './phase';

/** ISO 8601 local time with offset, rounded to the minute. */
export type LocalIso = string;

export interface SolunarPeriod {
  start: LocalIso;
  end: LocalIso;
  peak: LocalIso;
}

/** Sun and Moon of one local calendar day at a place (computeSolunarDay). */
export interface SolunarDay {
  moon: {
    rise: LocalIso | null;
    set: LocalIso | null;
    /** Upper transit: the Moon crosses the local meridian overhead. */
    above: LocalIso | null;
    /** Lower transit: the Moon crosses the meridian underfoot. */
    below: LocalIso | null;
    phase: MoonPhaseName;
    /** Whole percent of the disc lit, at local noon. */
    illumination: number;
  };
  sun: { rise: LocalIso | null; set: LocalIso | null };
  majors: SolunarPeriod[];
  minors: SolunarPeriod[];
}
