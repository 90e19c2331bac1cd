import { Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@tightlines/core/messages';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { useExchangeResetCode } from './api/password-reset';
import { SoftError } from './soft-error';

export function ConfirmResetPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refer = params.get('refer');
  const [code, setCode] = useState(params.get('code') ?? '');
  const [error, setError] = useState<string | null>(null);
  const exchange = useExchangeResetCode();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!code.trim()) return setError('Please enter the code from your email.');
    exchange.mutate({ code: code.trim(), email: params.get('email') ?? undefined }, {
      onSuccess: ({ token }) => navigate(`/reset-password/${token}${refer ? `?refer=${encodeURIComponent(refer)}` : ''}`),
      onError: (err) => setError(err.message),
    });
  };

  return (
    <Page title="Enter your reset code" size="xs">
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">{messages.resetCodePrompt}</Text>
            <SoftError message={error} />
            <TextInput
              label="Code"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              styles={{ input: { letterSpacing: 2, textTransform: 'uppercase' } }}
            />
            <Button type="submit" loading={exchange.isPending}>
              Continue
            </Button>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}
