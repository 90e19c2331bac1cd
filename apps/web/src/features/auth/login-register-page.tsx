import { Center, Loader } from '@mantine/core';
import { safeRedirectPath } from '@tightlines/core/redirect';
import { isUuid } from '@tightlines/core/api/request';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Island } from '../../components/island';
import { usePageTitle } from '../../components/page';
import { usePlans } from '../../lib/billing';
import { LoginForm } from './login-form';
import { LoginRegisterView } from './login-register-view';

/**
 * The login form comes with the page; the registration form (plans, radio buttons, the age
 * checkbox) is fetched once the page is up, so the login view's first load carries only its own.
 */
const loadRegisterForm = () => import('./register-form').then((m) => ({ default: m.RegisterForm }));
const RegisterForm = lazy(loadRegisterForm);

export function LoginRegisterPage() {
  const [params, setParams] = useSearchParams();
  const { action: pathAction, coupon: pathCoupon } = useParams();
  const navigate = useNavigate();
  const cash = useLocation().pathname.startsWith('/register-cash');
  const coupon = pathCoupon ?? params.get('coupon') ?? undefined;
  const action = (params.get('action') ?? pathAction ?? (coupon || cash ? 'signup' : 'login')) === 'signup' ? 'signup' : 'login';
  // Seed 002: signing up (or in) with ?eid= registers on that event afterwards: the event page
  // carries on with its registration on arrival (?register=1).
  const eid = params.get('eid');
  const eventPath = eid && isUuid(eid) ? `/event/${eid}?register=1` : null;
  const redirect = eventPath ?? safeRedirectPath(params.get('redirect'));
  usePageTitle(action === 'signup' ? 'Register' : 'Login');
  // The cash form offers no plan: no request, nor the billing contracts it would load.
  const plans = usePlans(action === 'signup' && !cash);
  // Seed 000 section 4: a paid sign-up goes to the dashboard; a free or cash one to /subscription.
  // The destination goes into `redirect` before the request, because signing in makes the
  // visitor-only route move on to `redirect` by itself.
  const destination = (paid: boolean) => (eventPath !== null || paid ? redirect : cash || !params.has('redirect') ? '/subscription' : redirect);
  const beforeRegistration = (paid: boolean) => {
    const copy = new URLSearchParams(params);
    copy.set('redirect', destination(paid));
    setParams(copy, { replace: true });
  };

  useEffect(() => {
    void loadRegisterForm();
  }, []);

  const switchTo = (next: string) => {
    const copy = new URLSearchParams(params);
    copy.set('action', next);
    setParams(copy, { replace: true });
  };

  return (
    <Island name="login-register">
      <LoginRegisterView action={action} onSwitch={switchTo}>
        {action === 'signup' ? (
          <Suspense
            fallback={
              <Center py="md">
                <Loader size="sm" aria-label="Loading the registration form" />
              </Center>
            }
          >
            <RegisterForm onSubmitting={beforeRegistration} cash={cash} coupon={coupon} plans={plans.data} />
          </Suspense>
        ) : (
          <LoginForm onLoggedIn={() => void navigate(redirect, { replace: true })} />
        )}
      </LoginRegisterView>
    </Island>
  );
}
