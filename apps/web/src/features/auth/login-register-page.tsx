import { Anchor, Card, Container, SegmentedControl, Text, Title } from '@mantine/core';
import { safeRedirectPath } from '@tightlines/core/accounts';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/page';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

export function LoginRegisterPage() {
  const [params, setParams] = useSearchParams();
  const { action: pathAction, coupon } = useParams();
  const navigate = useNavigate();
  const action = (params.get('action') ?? pathAction ?? (coupon ? 'signup' : 'login')) === 'signup' ? 'signup' : 'login';
  const redirect = safeRedirectPath(params.get('redirect'));
  usePageTitle(action === 'signup' ? 'Register' : 'Login');

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
          <RegisterForm onRegistered={() => void navigate(redirect, { replace: true })} />
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
