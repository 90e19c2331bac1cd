import type { ReactNode } from 'react';

// Inline SVG rather than emoji: many Linux and older Android systems have no colour emoji font.
const SUN = '#f2a900';
const CLOUD = '#8a97a8';
const WATER = '#2a70c2';

const cloud = (dy = 0) => (
  <path
    d={`M7 ${18 + dy}h10.5a3.5 3.5 0 0 0 .4-6.98A5 5 0 0 0 8.2 9.6 4.2 4.2 0 0 0 7 ${18 + dy}z`}
    fill="#fff"
    stroke={CLOUD}
    strokeWidth="1.6"
    strokeLinejoin="round"
  />
);
const sun = (cx: number, cy: number, r: number) => <circle cx={cx} cy={cy} r={r} fill={SUN} />;
const drops = (length: number) => (
  <g stroke={WATER} strokeWidth="1.6" strokeLinecap="round">
    {[9, 13, 17].map((x) => (
      <line key={x} x1={x} y1={17} x2={x - 1} y2={17 + length} />
    ))}
  </g>
);
const flakes = (
  <g fill={WATER}>
    {[8.5, 12.5, 16.5].map((x) => (
      <circle key={x} cx={x} cy={20.5} r={1.2} />
    ))}
  </g>
);

/** One drawing per icon name of core's weatherIconSchema. */
const SHAPES: Record<string, ReactNode> = {
  'clear-day': sun(12, 12, 5),
  'partly-cloudy-day': (
    <>
      {sun(9, 8, 3.4)}
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
      {drops(1.5)}
    </>
  ),
  rain: (
    <>
      {cloud(-3)}
      {drops(4)}
    </>
  ),
  sleet: (
    <>
      {cloud(-3)}
      {drops(2)}
      {flakes}
    </>
  ),
  snow: (
    <>
      {cloud(-3)}
      {flakes}
    </>
  ),
  thunderstorm: (
    <>
      {cloud(-3)}
      <path d="M13 15.5l-2.5 4h2.5l-1.5 3.5 4-5h-2.5l1.5-2.5z" fill={SUN} />
    </>
  ),
};

export function WeatherIcon({ icon, summary, size = 40 }: { icon: string | null; summary: string; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} role="img" aria-label={summary} style={{ flex: 'none' }}>
      <title>{summary}</title>
      {SHAPES[icon ?? ''] ?? SHAPES.cloudy}
    </svg>
  );
}
