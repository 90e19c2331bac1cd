import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@tightlines/core/messages';
import { useState } from 'react';
import { useLink } from '../../components/link';
import { useLogin } from './api/sign-in';

export function LoginForm({ onLoggedIn, native = false }: { onLoggedIn: () => void; native?: boolean }) {
  const login = useLogin(native);
  const Link = useLink();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '', password: '' } });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    if (!values.email.trim() || !values.password) {
      setError(messages.allFieldsRequired);
      return;
    }
    login.run(values).then(onLoggedIn, (err: Error) => setError(err.message));
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Login">
      <fieldset disabled={login.pending} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert" variant="light">
              {error}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Group justify="space-between" mt="xs">
            <Button type="submit" loading={login.pending}>
              Login
            </Button>
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
