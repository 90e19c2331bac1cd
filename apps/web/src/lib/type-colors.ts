/**
 * The seeds' marker colours per log type. Badges, chart series and timeline dots use them too, so
 * a type looks the same on every screen.
 */
export const TYPE_COLORS: Record<string, string> = {
  Cluster: '#1c3f7a',
  Outing: '#1c3f7a',
  Catch: '#2b8a3e',
  Bite: '#7048e8',
  Hunch: '#f0b400',
  Follow: '#f76707',
  Lost: '#e03131',
  Draft: '#74c0fc',
};

/** Old or unexpected types still get a marker. */
const FALLBACK = '#868e96';

export const typeColor = (type: string) => TYPE_COLORS[type] ?? FALLBACK;

/** Dark text on the light colours (Hunch yellow, Draft light blue), white on the rest. */
export function typeTextColor(type: string): string {
  const hex = typeColor(type).slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return luminance > 0.6 ? '#1a1b1e' : '#ffffff';
}
