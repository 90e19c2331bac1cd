export type NavLink = { label: string; to: string; auth?: 'member' | 'visitor'; mobileOnly?: boolean };

export const topLinks: NavLink[] = [
  { label: 'Dashboard', to: '/dashboard', auth: 'member' },
  { label: 'Fishing Data', to: '/dash-data', auth: 'member' },
  { label: 'Inner Circle', to: '/inner-circle', auth: 'member' },
  { label: 'Events', to: '/events' },
  { label: 'Forecast', to: '/forecast' },
  { label: 'Quick Start', to: '/quick-start' },
  { label: 'Account', to: '/account?tab=1', auth: 'member', mobileOnly: true },
];

export const secondaryLinks: NavLink[] = [
  { label: 'FAQs', to: '/faq' },
  { label: 'About Us', to: '/about' },
  { label: 'Ambassador', to: '/ambassador-program' },
  { label: 'Assistant', to: '/assistant' },
  { label: 'Contact Us', to: '/contact' },
  { label: 'Subscriptions', to: '/subscription', auth: 'member' },
];

export function visibleLinks(links: NavLink[], signedIn: boolean, mobile: boolean) {
  return links.filter(
    (l) => (l.auth === undefined || (l.auth === 'member') === signedIn) && (mobile || !l.mobileOnly),
  );
}
