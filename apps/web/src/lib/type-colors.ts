/**
 * The seeds' marker colours per log type. Badges, chart series and timeline dots use them too, so
 * a type looks the same on every screen.
 */
export const TYPE_COLORS: Record<string, string> = {
  Cluster: '#1c3f7a',
  Outing: '#1c3f7a',
  Catch: '#2f9e44',
  Bite: '#7048e8',
  Hunch: '#f0b400',
  Follow: '#f76707',
  Lost: '#e03131',
  Draft: '#74c0fc',
};

/** Old or unexpected types still get a marker. */
const FALLBACK = '#868e96';

export const typeColor = (type: string) => TYPE_COLORS[type] ?? FALLBACK;

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

const DARK = '#1a1b1e';
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** White or dark text, whichever reads better on the type's colour (WCAG contrast). */
export function typeTextColor(type: string): string {
  const background = typeColor(type);
  return contrast(background, '#ffffff') >= contrast(background, DARK) ? '#ffffff' : DARK;
}
