import { formatClock } from '@tightlines/core/solunar/format';
import { barometerInches, windLabel } from '@tightlines/core/weather';

/** A missing reading shows as a dash, never as a made-up zero. */
export const reading = (value: number | null | undefined, unit = '', digits = 0) =>
  value == null ? '-' : `${Number(value.toFixed(digits))}${unit}`;

export const text = (value: string | null | undefined) => (value && value.trim() ? value : '-');

/** The server keeps hPa; anglers read inches of mercury. */
export const barometerText = (hPa: number | null | undefined) => {
  const inches = barometerInches(hPa);
  return inches == null ? '-' : `${inches.toFixed(2)} in`;
};

export const windText = (speed: number | null | undefined, bearing: number | null | undefined) =>
  speed == null ? '-' : `${Math.round(speed)} MPH${bearing == null ? '' : ` ${windLabel(bearing)}`}`;

/** Cloud cover is stored as a 0..1 fraction. */
export const cloudText = (cover: number | null | undefined) => (cover == null ? '-' : `${Math.round(cover * 100)}%`);

/** Sun and moon times are ISO on the place's clock; anything else (older data) shows as it came. */
export const clockText = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? formatClock(value) : text(value);
