import { Modal, SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { signInRequest } from '../../lib/sign-in-request';
import { useStore } from '../../lib/store';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

/**
 * The sign-in modal (seed 002): login and register forms toggled in place; each answers 'All
 * fields are required' when left empty. Opened through askToSignIn; on success it closes and the
 * asking screen carries on.
 */
export function SignInModal() {
  const request = useStore(signInRequest);
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const close = () => signInRequest.set(null);
  const done = () => {
    close();
    request?.then();
  };
  return (
    <Modal opened={request !== null} onClose={close} title={request?.title ?? 'Sign in'} centered>
      <SegmentedControl
        fullWidth
        mb="md"
        value={mode}
        onChange={(v) => setMode(v as 'login' | 'register')}
        data={[
          { value: 'login', label: 'Login' },
          { value: 'register', label: 'Register' },
        ]}
        aria-label="Login or register"
      />
      {mode === 'login' ? <LoginForm onLoggedIn={done} /> : <RegisterForm compact onRegistered={done} />}
    </Modal>
  );
}
