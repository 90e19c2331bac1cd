/**
 * The lit part of the Moon as seen from the northern hemisphere: waxing lit on the right, waning on
 * the left. Drawn from the illumination so the glyph matches the number beside it, and as SVG
 * because many systems lack a font with the moon-phase emoji.
 */
export function MoonGlyph({ phase, illumination, size = 20 }: { phase: string; illumination: number; size?: number }) {
  const r = 10;
  const lit = Math.min(Math.max(illumination / 100, 0), 1);
  const waning = /waning|last/i.test(phase);
  // The terminator is half an ellipse whose width shrinks to nothing at the quarters.
  const rx = Math.abs(1 - 2 * lit) * r;
  const gibbous = lit > 0.5;
  const outer = waning ? 0 : 1;
  const inner = gibbous === waning ? 0 : 1;
  const path = `M12 2 A${r} ${r} 0 0 ${outer} 12 22 A${rx} ${r} 0 0 ${inner} 12 2 Z`;
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" style={{ flex: 'none' }}>
      <circle cx="12" cy="12" r={r} fill="#2b3440" stroke="#2b3440" strokeWidth="1" />
      {lit > 0.01 && <path d={path} fill="#f4e7b0" />}
    </svg>
  );
}
