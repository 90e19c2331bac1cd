import { Alert, Button, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { CURRENT_PASSWORD_REQUIRED, passwordRule } from '@tightlines/core/accounts';
import { messages } from '@tightlines/core/messages';
import { useState, type FormEvent } from 'react';
import { useChangePassword } from './api/sessions';

type Errors = { currentPassword?: string | undefined; password?: string | undefined; passwordConfirm?: string | undefined; form?: string | undefined };

export const PASSWORD_CHANGED = 'Your password was changed. Every other device was signed out; this one stays signed in.';

export function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const change = useChangePassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const rule = passwordRule.safeParse(password);
    const found: Errors = {
      currentPassword: currentPassword ? undefined : CURRENT_PASSWORD_REQUIRED,
      password: rule.success ? undefined : rule.error.issues[0]?.message,
      passwordConfirm: passwordConfirm === password ? undefined : messages.passwordsMustMatch,
    };
    setErrors(found);
    if (found.currentPassword || found.password || found.passwordConfirm) return;
    change.mutate(
      { currentPassword, password, passwordConfirm },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setPassword('');
          setPasswordConfirm('');
          setDone(true);
        },
        onError: (err) => {
          const fields = {
            currentPassword: err.field('currentPassword'),
            password: err.field('password'),
            passwordConfirm: err.field('passwordConfirm'),
          };
          const onField = fields.currentPassword ?? fields.password ?? fields.passwordConfirm;
          setErrors({ ...fields, form: onField ? undefined : err.message });
        },
      },
    );
  };

  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate aria-label="Change password">
      <Title order={2} size="h4" mb="sm">
        Change password
      </Title>
      <Stack gap="sm" maw={420}>
        <PasswordInput
          label="Current password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.currentTarget.value)}
          error={errors.currentPassword}
          autoComplete="current-password"
        />
        <PasswordInput
          label="New password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          autoComplete="new-password"
        />
        <PasswordInput
          label="Confirm new password"
          value={passwordConfirm}
          onChange={(e) => setPasswordConfirm(e.currentTarget.value)}
          error={errors.passwordConfirm}
          autoComplete="new-password"
        />
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        {done && (
          <Alert color="green" role="status">
            {PASSWORD_CHANGED}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change Password
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
