import { createTheme } from '@mantine/core';

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
});
