import { createTheme, darken, DEFAULT_THEME, luminance, type CSSVariablesResolver } from '@mantine/core';

const lake = ['#e8f1fa', '#cfe0f1', '#9ec0e3', '#6a9ed5', '#4282c9', '#2a70c2', '#1c64bf', '#1c4e80', '#15406b', '#0d3358'] as const;

export const theme = createTheme({
  primaryColor: 'lake',
  colors: { lake: [...lake] },
  primaryShade: 7,
  // Filled buttons and badges in Mantine's palettes at shade 7 (orange, teal, green, red, yellow) are
  // 2.1 to 3.6:1 under white text. With this threshold, where white and black text contrast equally
  // (relative luminance 0.179), the text Mantine picks always reaches 4.5:1.
  autoContrast: true,
  luminanceThreshold: 0.179,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '700' },
  // The seeds' mobile breakpoint is 601 px: below it the phone layout applies.
  breakpoints: { xs: '30em', sm: '37.5625em', md: '48em', lg: '75em', xl: '88em' },
  defaultRadius: 'md',
  components: {
    // A light alert's title in its own colour (red 6 on red 0) reads at about 3.5:1; the text colour passes.
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } },
  },
});

/** The lightest background text sits on: the shell's grey (Mantine gray 0). */
const PAGE_GREY = '#f8f9fa';

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The lightest of the palette's dark shades that reads at 4.5:1 on the page grey, darkening shade 9 if none does. */
function readableShade(palette: readonly string[]): string {
  const shade = [7, 8, 9].map((i) => palette[i]!).find((c) => contrast(c, PAGE_GREY) >= 4.5);
  if (shade) return shade;
  let colour = palette[9]!;
  while (contrast(colour, PAGE_GREY) < 4.5) colour = darken(colour, 0.05);
  return colour;
}

/** `c="green"` and the like: Mantine's text shade of each colour (shade 7 here) is below 4.5:1 for most palettes. */
const readableTextColours = Object.fromEntries(
  Object.entries({ ...DEFAULT_THEME.colors, lake }).map(([name, palette]) => [`--mantine-color-${name}-text`, readableShade(palette)]),
);

/**
 * Mantine's dimmed grey (#868e96) and error red (#fa5252) read at about 3.3:1 on white; hints,
 * subtitles and field errors need 4.5:1 (WCAG AA). These reach 5.8:1 and 5.2:1 on #f8f9fa too.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': '#c92a2a', ...readableTextColours },
  dark: {},
});
