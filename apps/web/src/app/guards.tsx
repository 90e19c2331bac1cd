import { safeRedirectPath } from '@tightlines/core/redirect';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { LoadingPage } from '../components/loading-page';
import { useCurrentUser } from '../lib/current-user';

/** Member routes: the user is loaded once; a visitor goes to the landing page and comes back after login. */
export function RequireMember() {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  if (isLoading) return <LoadingPage />;
  if (!user) {
    const wanted = `${location.pathname}${location.search}`;
    return <Navigate to={`/landing?redirect=${encodeURIComponent(wanted)}`} replace />;
  }
  return <Outlet />;
}

/** Login and registration are for visitors: a signed-in user goes on to the dashboard (or the redirect). */
export function VisitorOnly() {
  const { user, isLoading } = useCurrentUser();
  const [params] = useSearchParams();
  // /login-register?action=google-actions is the assistant's native login, open to members too.
  if (params.get('action') === 'google-actions') return <Navigate to={`/login-register/google-actions?${params.toString()}`} replace />;
  if (isLoading) return <LoadingPage />;
  if (user) return <Navigate to={safeRedirectPath(params.get('redirect'))} replace />;
  return <Outlet />;
}
