import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { NotAvailable, Placeholder } from '../components/not-available';
import { RouteError } from './route-error';
import { RequireMember, VisitorOnly } from './guards';
import { Shell } from './shell/app-shell';

type Loader = () => Promise<{ Component: ComponentType }>;

/** A screen that is not built yet: the route exists, the page says so and nothing more. */
const notYet = (path: string, title: string, name?: string): RouteObject => ({
  path,
  element: <NotAvailable title={title} />,
  handle: { name },
});

/** The component library's styles beyond those of the first paint (main.tsx), fetched beside the page. */
const restStyles = () => import('./mantine-styles-rest');

const page = (path: string, load: Loader, name?: string): RouteObject => ({
  path,
  lazy: () => Promise.all([load(), restStyles()]).then(([route]) => route),
  handle: { name },
});

/** The landing and the login page: the pages a visitor arrives on, with only the first paint's styles. */
const firstPage = (path: string, load: Loader, name?: string): RouteObject => ({ path, lazy: load, handle: { name } });

const auth = {
  landing: () => import('../features/auth/landing-page').then((m) => ({ Component: m.LandingPage })),
  loginRegister: () => import('../features/auth/login-register-page').then((m) => ({ Component: m.LoginRegisterPage })),
  forgot: () => import('../features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
  confirm: () => import('../features/auth/confirm-reset-page').then((m) => ({ Component: m.ConfirmResetPage })),
  reset: () => import('../features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  confirmEmail: () => import('../features/auth/confirm-email-page').then((m) => ({ Component: m.ConfirmEmailPage })),
};
const logs = {
  create: () => import('../features/logs/create-log-page').then((m) => ({ Component: m.CreateLogPage })),
  edit: () => import('../features/logs/edit-log-page').then((m) => ({ Component: m.EditLogPage })),
  view: () => import('../features/logs/view-log-page').then((m) => ({ Component: m.ViewLogPage })),
  userLogs: () => import('../features/logs/user-logs-page').then((m) => ({ Component: m.UserLogsPage })),
};
const events = {
  list: () => import('../features/events/events-page').then((m) => ({ Component: m.EventsPage })),
  event: () => import('../features/events/event-page').then((m) => ({ Component: m.EventPage })),
  series: () => import('../features/events/series-page').then((m) => ({ Component: m.SeriesPage })),
  create: () => import('../features/events/create-event-page').then((m) => ({ Component: m.CreateEventPage })),
  payment: () => import('../features/events/checkout/event-payment-page').then((m) => ({ Component: m.EventPaymentPage })),
  mobileCheckout: () => import('../features/events/checkout/mobile-checkout-page').then((m) => ({ Component: m.MobileCheckoutPage })),
  dashboard: () => import('../features/events/dashboard/dashboard-page').then((m) => ({ Component: m.EventDashboardPage })),
  leaderboard: () => import('../features/events/leaderboard').then((m) => ({ Component: m.LeaderboardPage })),
  muskie: () => import('../features/events/muskie/muskie-form-page').then((m) => ({ Component: m.MuskieFormPage })),
};
const connect = {
  page: () => import('../features/account/connect-stripe-page').then((m) => ({ Component: m.ConnectStripePage })),
  test: () => import('../features/account/connect-stripe-page').then((m) => ({ Component: m.TestOnboardingPage })),
};
const info = (name: 'FaqPage' | 'AboutPage' | 'PrivacyPage' | 'QuickStartPage' | 'AppInfoPage'): Loader => () =>
  import('../features/info/info-pages').then((m) => ({ Component: m[name] }));
const pages = {
  contact: () => import('../features/outreach/contact-page').then((m) => ({ Component: m.ContactPage })),
  ambassador: () => import('../features/outreach/ambassador-page').then((m) => ({ Component: m.AmbassadorPage })),
  adminAmbassadors: () => import('../features/outreach/admin-ambassadors-page').then((m) => ({ Component: m.AdminAmbassadorsPage })),
  newsletter: () => import('../features/newsletter/newsletter-page').then((m) => ({ Component: m.NewsletterPage })),
  assistant: () => import('../features/assistant/assistant-page').then((m) => ({ Component: m.AssistantPage })),
  assistantLink: () => import('../features/auth/assistant-link-page').then((m) => ({ Component: m.AssistantLinkPage })),
  contest: () => import('../features/info/contest-page').then((m) => ({ Component: m.ContestPage })),
  styleguide: () => import('../features/info/styleguide-page').then((m) => ({ Component: m.StyleguidePage })),
};

const publicRoutes: RouteObject[] = [
  firstPage('/', auth.landing, 'Home'),
  firstPage('/landing', auth.landing, 'Landing'),
  page('/forgot-password', auth.forgot, 'Forgot Password'),
  page('/confirm-reset-password', auth.confirm, 'Confirm Reset Password'),
  page('/reset-password/:token', auth.reset, 'Reset Password'),
  page('/confirm-email', auth.confirmEmail, 'Confirm Email'),
  page('/faq', info('FaqPage'), 'FAQ'),
  page('/about', info('AboutPage'), 'About'),
  page('/privacy', info('PrivacyPage'), 'Privacy'),
  page('/quick-start', info('QuickStartPage'), 'Quick Start'),
  page('/app-info', info('AppInfoPage'), 'App Info'),
  page('/contact', pages.contact, 'Contact'),
  page('/newsletter', pages.newsletter, 'Newsletter'),
  page('/assistant', pages.assistant, 'Assistant'),
  page('/ambassador-program', pages.ambassador, 'Ambassador Program'),
  { path: '/ambassador', element: <Navigate to="/ambassador-program" replace /> },
  page('/keyes-contest', pages.contest, 'Contest'),
  page('/styleguide', pages.styleguide, 'Style Guide'),
  // The voice assistant's native login: a member goes straight on to the token redirect.
  page('/login-register/google-actions', pages.assistantLink, 'Login Register'),
  notYet('/payment/s', 'Card Payment', 'Payment Stripe'),
  page('/event-payment/:id', events.payment, 'Event Payment'),
  page('/mobile-checkout/:eventId', events.mobileCheckout, 'Mobile Checkout'),
  page('/fs-tournament/:eventId?', events.muskie, 'FS Tournament'),
  page('/events', events.list, 'Events'),
  page('/event/:id', events.event, 'Event'),
  page('/series/:id', events.series, 'Series'),
  page('/event-leaderboard/:id', events.leaderboard, 'Live Leaderboard'),
  page('/forecast', () => import('../features/forecast/forecast-page').then((m) => ({ Component: m.ForecastPage })), 'Forecast'),
  page('/logs/:username', logs.userLogs, 'Fishing Logs'),
  page('/logs/:username/:id', logs.view, 'View User Log'),
  page('/log/:id', logs.view, 'View Log'),
];

const visitorRoutes: RouteObject[] = [
  firstPage('/login-register', auth.loginRegister, 'Login Register'),
  firstPage('/login-register/:action', auth.loginRegister, 'Login Register'),
  firstPage('/register/:coupon', auth.loginRegister, 'Register'),
  firstPage('/register-cash', auth.loginRegister, 'Register Cash'),
];

const memberRoutes: RouteObject[] = [
  page('/dashboard', () => import('../features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })), 'Dashboard'),
  page('/subscription', () => import('../features/account/subscription-page').then((m) => ({ Component: m.SubscriptionPage })), 'Subscription'),
  page('/free-for-all', () => import('../features/account/free-for-all-page').then((m) => ({ Component: m.FreeForAllPage })), 'Our Gift to You'),
  page('/account', () => import('../features/account/account-page').then((m) => ({ Component: m.AccountPage })), 'My Account'),
  page('/dash-data', () => import('../features/fishing-data/fishing-data-page').then((m) => ({ Component: m.FishingDataPage })), 'Fishing Data'),
  page('/inner-circle', () => import('../features/circle/inner-circle-page').then((m) => ({ Component: m.InnerCirclePage })), 'Inner Circle'),
  page('/create-log', logs.create, 'Create Log'),
  page('/log/edit/:id', logs.edit, 'Edit Log'),
  page('/create-outing', () => import('../features/outings/create-outing-page').then((m) => ({ Component: m.CreateOutingPage })), 'Create an Outing'),
  page('/view-outing/:id', () => import('../features/outings/view-outing-page').then((m) => ({ Component: m.ViewOutingPage })), 'View Outing'),
  page('/edit-outing/:id', () => import('../features/outings/edit-outing-page').then((m) => ({ Component: m.EditOutingPage })), 'Edit Outing'),
  { path: '/trip-planner', element: <Placeholder text="trip planner" /> },
  page('/create-event', events.create, 'Create Competition'),
  page('/competition/create', events.create, 'Create Competition'),
  page('/event-create', events.create, 'Create Competition'),
  page('/event-dashboard/:id', events.dashboard, 'Event Administration'),
  notYet('/add-lakes', 'Add Lakes'),
  page('/connect-stripe', connect.page, 'Connect Stripe'),
  page('/admin/ambassadors', pages.adminAmbassadors, 'Ambassador Applications'),
  page('/connect-stripe/test-onboarding', connect.test, 'Stripe Onboarding'),
];

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      ...publicRoutes,
      { element: <VisitorOnly />, children: visitorRoutes },
      { element: <RequireMember />, children: memberRoutes },
      { path: '*', element: <NotAvailable title="Page not found" message="There is no page at this address. Check the link, or start from the menu." /> },
    ],
  },
];

/**
 * The browser's router, with the modules of the routes at the current address loaded before it
 * starts, so its first render is the page itself rather than an empty outlet while the page's chunk
 * loads. A module that fails to load is left to
 * the router, which tries again and shows the route's error screen.
 */
export async function createRouter() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy().catch(() => null);
      if (loaded) Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  return createBrowserRouter(routes);
}
