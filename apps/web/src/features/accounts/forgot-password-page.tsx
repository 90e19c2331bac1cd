import { Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@tightlines/core/messages';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { showSuccess } from '../../lib/alerts';
import type { ApiError } from '../../lib/api';
import { requestPasswordReset } from './api';
import { SoftError } from './soft-error';

export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refer = params.get('refer') ?? undefined;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim()) return setError('Please enter the email of your account.');
    setBusy(true);
    try {
      await requestPasswordReset(email.trim(), refer);
      showSuccess(messages.resetEmailSent);
      await navigate(`/confirm-reset-password/${refer ? `?refer=${encodeURIComponent(refer)}` : ''}`);
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title="Forgot your password?" size="xs">
      <Card withBorder padding="lg">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <Text size="sm">Enter the email of your account and we will send you a reset code.</Text>
            <SoftError message={error} />
            <TextInput label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            <Button type="submit" loading={busy}>
              Reset Password
            </Button>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
