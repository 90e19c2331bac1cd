/**
 * The public pages search engines may index, with the title and description each page shows them:
 * the sitemap lists them, the server writes them into the page's HTML, and the pages set the same.
 */
export type PublicPage = { path: string; title: string; description: string };

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', title: 'Fishing logs with weather and moon data', description: 'Tightlines keeps private fishing logs with automatic weather, moon and lake data, forecasts, analysis and fishing events.' },
  { path: '/forecast', title: 'Fishing forecast', description: 'Weather and solunar forecast for any lake or town: major and minor periods, moon phase, wind and pressure.' },
  { path: '/events', title: 'Fishing events', description: 'Fishing tournaments, leagues and series: register, check in, enter fish and follow the live leaderboard.' },
  { path: '/quick-start', title: 'Quick start', description: 'Start with Tightlines: the voice assistant, importing your logs, and offline tracking with geotagged photos.' },
  { path: '/faq', title: 'Frequently asked questions', description: 'What Tightlines is, who sees your logs, signing up and subscribing, the kinds of logs, and why it is not all free.' },
  { path: '/about', title: 'About us', description: 'Tightlines is an open-source fishing log built by anglers, for anglers and fishing-event organisers.' },
  { path: '/contact', title: 'Contact us', description: 'Write to the Tightlines team: questions, ideas, partnerships and support.' },
  { path: '/newsletter', title: 'Newsletter', description: 'The Tightlines newsletter: seasonal patterns, solunar highlights, new features and events, twice a month.' },
  { path: '/assistant', title: 'Voice assistant', description: 'Log catches hands-free and ask for solunar times, the moon phase and the weather with the Tightlines voice assistant.' },
  { path: '/ambassador-program', title: 'Ambassador program', description: 'Become a Tightlines ambassador: 50% off your subscription and a listing in our ambassador directory.' },
  { path: '/keyes-contest', title: 'Fishing contest', description: 'Two winners every week: a year of Tightlines premium plus apparel. How to enter and when winners are drawn.' },
  { path: '/app-info', title: 'Get the app', description: 'Install Tightlines on your iPhone from the App Store or on Android from a downloadable file.' },
  { path: '/privacy', title: 'Privacy policy and terms', description: 'How Tightlines treats your data, who may hold an account, and the terms of use.' },
];

/** Pages that are members' own or part of a flow, never indexed. */
export const PRIVATE_PATH_PREFIXES: readonly string[] = [
  '/api/',
  '/dashboard',
  '/account',
  '/subscription',
  '/dash-data',
  '/inner-circle',
  '/create-log',
  '/log/edit/',
  '/create-outing',
  '/edit-outing/',
  '/login-register',
  '/register',
  '/forgot-password',
  '/confirm-reset-password',
  '/reset-password/',
  '/payment/',
  '/event-payment/',
  '/styleguide',
  '/admin/',
  '/connect-stripe',
];

export const pageMeta = (path: string): PublicPage | undefined =>
  PUBLIC_PAGES.find((page) => page.path === path || (path === '/landing' && page.path === '/'));
