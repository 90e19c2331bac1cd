import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'lake',
  colors: {
    lake: ['#e8f1fa', '#cfe0f1', '#9ec0e3', '#6a9ed5', '#4282c9', '#2a70c2', '#1c64bf', '#1c4e80', '#15406b', '#0d3358'],
  },
  primaryShade: 7,
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

/**
 * Mantine's dimmed grey (#868e96) and error red (#fa5252) read at about 3.3:1 on white; hints,
 * subtitles and field errors need 4.5:1 (WCAG AA). These reach 5.8:1 and 5.2:1 on #f8f9fa too.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': '#c92a2a' },
  dark: {},
});
