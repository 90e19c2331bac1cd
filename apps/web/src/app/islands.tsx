import { MantineProvider } from '@mantine/core';
import { safeRedirectPath } from '@tightlines/core/redirect';
import type { ReactNode } from 'react';
import type { IslandName } from '../components/island';
import { VisitorNewsletterForm } from '../components/newsletter-visitor-form';
import { LandingVideos } from '../features/auth/landing-videos';
import { LoginForm } from '../features/auth/login-form';
import { LoginRegisterView } from '../features/auth/login-register-view';
import { RegisterForm } from '../features/auth/register-form';
import { getStyleNonce } from './style-nonce';
import { cssVariablesResolver, theme } from './theme';

/**
 * What each island of a visitor's prerendered page (scripts/prerender.mjs) runs without the app:
 * the build renders each on its own into its box (src/prerender.tsx) and src/islands.tsx hydrates
 * it. The pages' addresses carry no query string, so there is no redirect to follow; going
 * elsewhere loads that page, where the app runs.
 */
export const islands: Record<IslandName, () => ReactNode> = {
  register: () => <RegisterForm compact onRegistered={() => window.location.assign('/subscription')} />,
  videos: () => <LandingVideos />,
  'login-register': () => (
    <LoginRegisterView action="login" onSwitch={(action) => window.location.assign(`/login-register?action=${action}`)}>
      <LoginForm onLoggedIn={() => window.location.replace(safeRedirectPath(null))} />
    </LoginRegisterView>
  ),
  newsletter: () => <VisitorNewsletterForm compact />,
};

/** Each island's ids (labels, inputs) apart from the page's and the other islands'. */
export const identifierPrefix = (name: IslandName) => `${name}-`;

/** Mantine for one island: the page's CSS variables and global classes are in it already. */
export function IslandProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} getStyleNonce={getStyleNonce} withCssVariables={false} withGlobalClasses={false}>
      {children}
    </MantineProvider>
  );
}
