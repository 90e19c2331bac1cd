import { Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@tightlines/core/messages';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { showSuccess } from '../../lib/alerts';
import { useRequestPasswordReset } from './api/password-reset';
import { SoftError } from './soft-error';

export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refer = params.get('refer') ?? undefined;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim()) return setError('Please enter the email of your account.');
    request.mutate(
      { email: email.trim(), refer },
      {
        onSuccess: async () => {
          showSuccess(messages.resetEmailSent);
          await navigate(`/confirm-reset-password/${refer ? `?refer=${encodeURIComponent(refer)}` : ''}`);
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Page title="Forgot your password?" size="xs">
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">Enter the email of your account and we will send you a reset code.</Text>
            <SoftError message={error} />
            <TextInput label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            <Button type="submit" loading={request.isPending}>
              Reset Password
            </Button>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
