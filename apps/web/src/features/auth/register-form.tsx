import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@tightlines/core/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { useRegister, type RegisterBody } from './api/sign-in';

type Props = { onRegistered: () => void; compact?: boolean };

const FIELDS = ['username', 'email', 'password', 'passwordConfirm'] as const;

export function RegisterForm({ onRegistered, compact = false }: Props) {
  const registration = useRegister();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Required<Pick<RegisterBody, (typeof FIELDS)[number]>> & { plan: string; ageConfirmed: boolean }>({
    initialValues: { username: '', email: '', password: '', passwordConfirm: '', plan: 'Free', ageConfirmed: false },
    validate: {
      ageConfirmed: (v) => (v ? null : 'Please confirm that you are at least 13 years of age.'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    if (FIELDS.some((f) => values[f].trim() === '')) {
      setError(messages.allFieldsRequired);
      return;
    }
    if (values.password !== values.passwordConfirm) {
      form.setFieldError('passwordConfirm', messages.passwordsMustMatch);
      return;
    }
    registration.mutate(
      { username: values.username, email: values.email, password: values.password, passwordConfirm: values.passwordConfirm },
      {
        onSuccess: onRegistered,
        onError: (err) => {
          const field = FIELDS.find((f) => err.field(f));
          if (field) form.setFieldError(field, err.field(field));
          setError(field ? null : err.message);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Register">
      <fieldset disabled={registration.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert" variant="light">
              {error}
            </Alert>
          )}
          <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="new-password" description="At least 8 characters" {...form.getInputProps('password')} />
          <PasswordInput label="Confirm password" autoComplete="new-password" {...form.getInputProps('passwordConfirm')} />
          {!compact && (
            <Radio.Group label="Plan" {...form.getInputProps('plan')}>
              <Stack gap={6} mt={6}>
                <Radio value="Free" label="Free: 5 logs a month, forecasts, trip analysis" />
                <Radio value="Monthly" label="Monthly: $4.99 a month" disabled />
                <Radio value="Yearly" label="Yearly: $30 a year" disabled />
              </Stack>
              <Text size="xs" c="dimmed" mt={6}>
                Paid plans open when billing arrives. Start free; you can upgrade from Billing later.
              </Text>
            </Radio.Group>
          )}
          <Checkbox label="I am at least 13 years of age" {...form.getInputProps('ageConfirmed', { type: 'checkbox' })} />
          <Group justify="space-between" mt="xs">
            <Button type="submit" loading={registration.isPending}>
              Register
            </Button>
            <Anchor component={Link} to="/login-register?action=login" size="sm">
              Already have an account? Log in
            </Anchor>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
