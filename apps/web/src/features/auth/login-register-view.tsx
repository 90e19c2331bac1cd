import { Anchor, Card, Container, SegmentedControl, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The page around its form: also the login page's island, where switching to Register loads that page. */
export function LoginRegisterView({ action, onSwitch, children }: { action: 'login' | 'signup'; onSwitch: (action: string) => void; children: ReactNode }) {
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
        onChange={onSwitch}
        data={[
          { value: 'login', label: 'Login' },
          { value: 'signup', label: 'Register' },
        ]}
        mb="md"
        aria-label="Login or register"
      />
      <Card withBorder padding="lg">
        {children}
      </Card>
      {action === 'login' && (
        <Text size="sm" ta="center" mt="md">
          New to Tightlines?{' '}
          <Anchor component="button" type="button" onClick={() => onSwitch('signup')}>
            Create an account
          </Anchor>
        </Text>
      )}
    </Container>
  );
}
