import type { LunarView } from '@tightlines/core/forecast';
import { formatClock } from '@tightlines/core/solunar/format';
import { barometerInches, windLabel } from '@tightlines/core/weather';
import dayjs from 'dayjs';

/** A 'YYYY-MM-DD' day as anglers read it; parsed as a calendar day so the viewer's zone cannot shift it. */
export const dayLabel = (date: string, format = 'ddd, MMM D') => dayjs(date.slice(0, 10)).format(format);

/** Readings may be missing upstream: a dash, never a made-up zero. */
export const rounded = (value: number | null | undefined, digits = 0) =>
  value == null ? '-' : value.toFixed(digits);

export const percent = (fraction: number | null | undefined) =>
  fraction == null ? '-' : `${Math.round(fraction * 100)}%`;

export const periodLabel = (period: LunarView['majors'][number]) => `${formatClock(period.start)} – ${formatClock(period.end)}`;

/** "{mph} MPH {label}"; windLabel() answers 'N' for a missing bearing, which would be a guess here. */
export const windText = (speed: number | null, bearing: number | null) =>
  `${rounded(speed)} MPH${bearing == null ? '' : ` ${windLabel(bearing)}`}`;

export const inches = (hPa: number | null) => `${rounded(barometerInches(hPa), 2)} in`;
