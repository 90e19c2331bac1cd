import { AppShell, Container, Group, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation, useMatches } from 'react-router';
import { AlertDialog } from '../../components/alert-dialog';
import { LoadingIndicator } from '../../components/loading-indicator';
import { LoadWhen } from '../../components/load-when';
import { useCurrentUser } from '../../lib/current-user';
import { useInstantDraft } from '../../lib/log-actions';
import { signInRequest } from '../../lib/sign-in-request';
import { useStore } from '../../lib/store';
import { LogModal } from '../log-modal';
import { secondaryLinks, topLinks, visibleLinks } from '../navigation';
import { Footer } from './footer';
import { Header } from './header';
import { useLogout } from './use-logout';
import classes from './shell.module.css';

const SignInModal = lazy(() => import('../../features/auth/sign-in-modal').then((m) => ({ default: m.SignInModal })));

/** The sign-in dialog, loaded the first time a screen asks a visitor to sign in. */
function SignInDialog() {
  const request = useStore(signInRequest);
  return (
    <LoadWhen when={request !== null}>
      <SignInModal />
    </LoadWhen>
  );
}

export type RouteHandle = { name?: string; hideNavigation?: boolean };

/** Screens the seeds show without navigation: the tournament form and the card payment page. */
const FULL_SCREEN_ROUTES = new Set(['FS Tournament', 'Payment Stripe']);

export function Shell() {
  const { user } = useCurrentUser();
  const [mobileOpen, mobile] = useDisclosure(false);
  const location = useLocation();
  const matches = useMatches();
  const name = (matches.at(-1)?.handle as RouteHandle | undefined)?.name;
  const hideNavigation = name !== undefined && FULL_SCREEN_ROUTES.has(name);
  const signedIn = user !== null;
  const instantDraft = useInstantDraft();
  const logout = useLogout();
  // The navbar is the phone menu: shut (and always at the sm breakpoint and up, where the header
  // has the links) it is off-screen, so it leaves the accessibility tree and the Tab order too.
  const desktop = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });
  const menuHidden = !mobileOpen || desktop === true;

  useEffect(() => {
    window.scrollTo(0, 0);
    mobile.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scroll and close on each navigation only
  }, [location.pathname]);

  if (hideNavigation) {
    return (
      <>
        <LoadingIndicator />
        <AlertDialog />
        <SignInDialog />
        <Outlet />
      </>
    );
  }

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { desktop: true, mobile: !mobileOpen } }}
      padding={0}
    >
      <AppShell.Header>
        <Header user={user} mobileOpen={mobileOpen} onToggleMobile={mobile.toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Mobile menu" inert={menuHidden} aria-hidden={menuHidden || undefined}>
        <Stack gap={2} component="nav">
          {visibleLinks(topLinks, signedIn, true).map((link) => (
            <NavLink key={link.to} to={link.to} className={classes.mobileLink}>
              {link.label}
            </NavLink>
          ))}
          <hr style={{ width: '100%', border: 0, borderTop: '1px solid var(--mantine-color-gray-3)' }} />
          {visibleLinks(secondaryLinks, signedIn, true).map((link) => (
            <NavLink key={link.to} to={link.to} className={classes.mobileLink}>
              {link.label}
            </NavLink>
          ))}
          {signedIn && (
            <button
              type="button"
              className={classes.mobileLink}
              style={{ border: 0, background: 'none', textAlign: 'left', cursor: 'pointer' }}
              disabled={instantDraft.isPending}
              aria-busy={instantDraft.isPending}
              onClick={instantDraft.run}
            >
              Instant Draft
            </button>
          )}
          {signedIn && (
            <button
              type="button"
              className={classes.mobileLink}
              style={{ border: 0, background: 'none', textAlign: 'left', cursor: 'pointer' }}
              disabled={logout.isPending}
              onClick={logout.run}
            >
              Logout
            </button>
          )}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
        <div className={classes.secondary}>
          <Container size="lg" py={6} visibleFrom="sm">
            <Group gap="lg" component="nav" aria-label="Secondary">
              {visibleLinks(secondaryLinks, signedIn, false).map((link) => (
                <Link key={link.to} to={link.to} className={classes.secondaryLink}>
                  {link.label}
                </Link>
              ))}
            </Group>
          </Container>
        </div>
        {/* At least a screen tall, so the footer starts below the fold: while a page's chunk loads the
            content is empty, and a footer drawn in view would jump down when the page arrives. */}
        <div style={{ flex: 1, minHeight: 'calc(100dvh - var(--app-shell-header-offset, 0px))' }}>
          <Outlet />
        </div>
        <Footer signedIn={signedIn} />
      </AppShell.Main>
      <LoadingIndicator />
      <AlertDialog />
      <SignInDialog />
      <LogModal />
    </AppShell>
  );
}
