import { Button, Card, PasswordInput, Stack, Text } from '@mantine/core';
import { safeRedirectPath } from '@tightlines/core/redirect';
import { messages } from '@tightlines/core/messages';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { showSuccess } from '../../lib/alerts';
import { useResetPassword } from './api/password-reset';
import { SoftError } from './soft-error';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useResetPassword();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (password !== confirm) return setError(messages.passwordsMustMatch);
    reset.mutate(
      { token, password, passwordConfirm: confirm },
      {
        onSuccess: async () => {
          showSuccess('Your password has been changed, and every other session has been logged out.');
          await navigate(safeRedirectPath(params.get('refer')), { replace: true });
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Page title="Choose a new password" size="xs">
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">Your new password needs at least 8 characters. Every other session will be logged out.</Text>
            <SoftError message={error} />
            <PasswordInput label="New password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
            <PasswordInput label="Confirm new password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
            <Button type="submit" loading={reset.isPending}>
              Save new password
            </Button>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
