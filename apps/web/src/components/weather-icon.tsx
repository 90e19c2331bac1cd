import type { WeatherIcon as IconName } from '@tightlines/core/weather';
import type { ReactNode } from 'react';

// Inline SVG rather than emoji: many Linux and older Android systems ship no colour emoji font
// and would show empty boxes.
const SUN = '#f2a900';
const CLOUD = '#8a97a8';
const WATER = '#2a70c2';

const cloud = (y = 0) => (
  <path
    d={`M7 ${18 + y}h10.5a3.5 3.5 0 0 0 .4-6.98A5 5 0 0 0 8.2 9.6 4.2 4.2 0 0 0 7 ${18 + y}z`}
    fill="#fff"
    stroke={CLOUD}
    strokeWidth="1.6"
    strokeLinejoin="round"
  />
);

const sun = (cx: number, cy: number, r: number) => (
  <g stroke={SUN} strokeWidth="1.6" strokeLinecap="round">
    <circle cx={cx} cy={cy} r={r} fill={SUN} />
    {[0, 45, 90, 135, 180, 225, 270, 315].map((deg) => {
      const rad = (deg * Math.PI) / 180;
      return (
        <line
          key={deg}
          x1={cx + Math.cos(rad) * (r + 2)}
          y1={cy + Math.sin(rad) * (r + 2)}
          x2={cx + Math.cos(rad) * (r + 3.6)}
          y2={cy + Math.sin(rad) * (r + 3.6)}
        />
      );
    })}
  </g>
);

const drops = (xs: number[], length: number, color = WATER) => (
  <g stroke={color} strokeWidth="1.6" strokeLinecap="round">
    {xs.map((x) => (
      <line key={x} x1={x} y1={17} x2={x - 1} y2={17 + length} />
    ))}
  </g>
);

const flakes = (xs: number[]) => (
  <g fill={WATER}>
    {xs.map((x) => (
      <circle key={x} cx={x} cy={20.5} r={1.2} />
    ))}
  </g>
);

const SHAPES: Record<IconName, ReactNode> = {
  'clear-day': sun(12, 12, 4.5),
  'partly-cloudy-day': (
    <>
      {sun(9, 8, 3.2)}
      {cloud(2)}
    </>
  ),
  cloudy: cloud(),
  fog: (
    <g stroke={CLOUD} strokeWidth="1.8" strokeLinecap="round">
      <line x1="4" y1="8" x2="20" y2="8" />
      <line x1="6" y1="12" x2="18" y2="12" />
      <line x1="4" y1="16" x2="20" y2="16" />
    </g>
  ),
  drizzle: (
    <>
      {cloud(-3)}
      {drops([9, 13, 17], 1.5)}
    </>
  ),
  rain: (
    <>
      {cloud(-3)}
      {drops([9, 13, 17], 4)}
    </>
  ),
  sleet: (
    <>
      {cloud(-3)}
      {drops([9, 17], 3)}
      {flakes([13])}
    </>
  ),
  snow: (
    <>
      {cloud(-3)}
      {flakes([8.5, 12.5, 16.5])}
    </>
  ),
  thunderstorm: (
    <>
      {cloud(-3)}
      <path d="M13 15.5l-2.5 4h2.5l-1.5 3.5 4-5h-2.5l1.5-2.5z" fill={SUN} stroke={SUN} strokeWidth="0.6" strokeLinejoin="round" />
    </>
  ),
};

/** Stored logs may carry an icon name from an older list; those fall back to a cloud. */
export function WeatherIcon({ icon, summary, size = 32 }: { icon: IconName | string | null; summary: string; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} role="img" aria-label={summary} style={{ flex: 'none' }}>
      <title>{summary}</title>
      {SHAPES[(icon ?? 'cloudy') as IconName] ?? SHAPES.cloudy}
    </svg>
  );
}
