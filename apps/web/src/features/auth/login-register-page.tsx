import { Anchor, Card, Center, Container, Loader, SegmentedControl, Text, Title } from '@mantine/core';
import { safeRedirectPath } from '@tightlines/core/redirect';
import { isUuid } from '@tightlines/core/api/request';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/page';
import { LoginForm } from './login-form';

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
    <Container size={460} py="xl">
      <Title order={1} size="h2" ta="center">
        {action === 'signup' ? 'Create your account' : 'Welcome back'}
      </Title>
      <Text c="dimmed" ta="center" mt={4} mb="md">
        {action === 'signup' ? 'Your logs stay private unless you share them.' : 'Log in to your fishing logs.'}
      </Text>
      <SegmentedControl
        fullWidth
        value={action}
        onChange={switchTo}
        data={[
          { value: 'login', label: 'Login' },
          { value: 'signup', label: 'Register' },
        ]}
        mb="md"
        aria-label="Login or register"
      />
      <Card withBorder padding="lg">
        {action === 'signup' ? (
          <Suspense
            fallback={
              <Center py="md">
                <Loader size="sm" aria-label="Loading the registration form" />
              </Center>
            }
          >
            <RegisterForm onSubmitting={beforeRegistration} cash={cash} coupon={coupon} />
          </Suspense>
        ) : (
          <LoginForm onLoggedIn={() => void navigate(redirect, { replace: true })} />
        )}
      </Card>
      {action === 'login' && (
        <Text size="sm" ta="center" mt="md">
          New to Tightlines?{' '}
          <Anchor component="button" type="button" onClick={() => switchTo('signup')}>
            Create an account
          </Anchor>
        </Text>
      )}
    </Container>
  );
}
