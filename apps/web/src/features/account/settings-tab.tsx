import { Avatar, Button, Card, FileButton, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { emailRule, usernameRule, type UserView } from '@tightlines/core/accounts';
import { messages } from '@tightlines/core/messages';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { showError, showSuccess } from '../../lib/alerts';
import { AssistantLinks } from './assistant-links';
import { NewsletterForm } from '../../components/newsletter-form';
import { useRequestPasswordReset, useSetProfileImage, useUpdateEmail, useUpdateUser } from './api/profile';
import { ChangePasswordForm } from './password-form';
import { SessionsPanel } from './sessions-panel';

export function SettingsTab({ user }: { user: UserView }) {
  return (
    <Stack gap="md">
      <ProfileImage user={user} />
      <UsernameForm user={user} />
      <EmailForm user={user} />
      <Newsletter />
      <AssistantLinks />
      <ChangePasswordForm />
      <ResetPassword email={user.email} />
      <SessionsPanel />
    </Stack>
  );
}

type Part = { user: UserView };

function ProfileImage({ user }: Part) {
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSetProfileImage();

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const upload = (file: File | null) => {
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) {
      setError('Please choose an image file (JPEG, PNG, WebP or similar).');
      return;
    }
    setPreview(URL.createObjectURL(file));
    save.mutate(file, {
      onSettled: () => setPreview(null),
      onError: (err) => setError(err.message),
    });
  };

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Profile image
      </Title>
      <Group gap="md">
        <Avatar src={preview ?? user.profilePicture ?? '/default-avatar.svg'} alt="Your profile image" size={80} radius="xl" />
        <Stack gap={4}>
          <FileButton onChange={upload} accept="image/*" disabled={save.isPending}>
            {(props) => (
              <Button {...props} variant="default" loading={save.isPending}>
                Upload a new image
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            Images only; it is cropped to a square.
          </Text>
          {error && (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

function UsernameForm({ user }: Part) {
  const [username, setUsername] = useState(user.username);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateUser();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = usernameRule.safeParse(username);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'That username is not valid.');
    setError(null);
    update.mutate(
      { username: checked.data },
      {
        onSuccess: () => showSuccess('Your username was updated.'),
        onError: (err) => setError(err.field('username') ?? err.message),
      },
    );
  };

  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate aria-label="Username">
      <Title order={2} size="h4" mb="sm">
        Username
      </Title>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          aria-label="Username"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={error}
          autoComplete="username"
          style={{ flex: '1 1 220px' }}
        />
        <Button type="submit" loading={update.isPending} disabled={username.trim() === user.username}>
          Update Username
        </Button>
      </Group>
    </Card>
  );
}

function EmailForm({ user }: Part) {
  const [email, setEmail] = useState(user.email);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const update = useUpdateEmail();

  const check = () => {
    const ok = emailRule.safeParse(email).success;
    setError(ok ? null : messages.emailInvalid);
    return ok;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    setPasswordError(null);
    update.mutate(
      { email, password },
      {
        onSuccess: () => {
          setPassword('');
          showSuccess(`We sent a link to ${email}. Your address changes when you open it.`);
        },
        onError: (err) => {
          const onPassword = err.field('password');
          if (onPassword) setPasswordError(onPassword);
          else setError(err.field('email') ?? err.message);
        },
      },
    );
  };

  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate aria-label="Email address">
      <Title order={2} size="h4" mb="sm">
        Email address
      </Title>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          aria-label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          onBlur={check}
          error={error}
          autoComplete="email"
          style={{ flex: '1 1 220px' }}
        />
        <PasswordInput
          aria-label="Current password"
          placeholder="Current password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={passwordError}
          autoComplete="current-password"
          style={{ flex: '1 1 180px' }}
        />
        <Button
          type="submit"
          loading={update.isPending}
          disabled={email.trim().toLowerCase() === user.email.toLowerCase() || password.length === 0}
        >
          Update Email Address
        </Button>
      </Group>
      {user.pendingEmail && (
        <Text size="sm" mt="xs" c="dimmed">
          Waiting for you to open the link we sent to {user.pendingEmail}.
        </Text>
      )}
    </Card>
  );
}

function Newsletter() {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Newsletter
      </Title>
      <Text size="sm" mb="xs">
        Seasonal patterns, solunar highlights, new features and events, twice a month.
      </Text>
      <NewsletterForm />
    </Card>
  );
}

function ResetPassword({ email }: { email: string }) {
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const start = () =>
    request.mutate(email, {
      onSuccess: async () => {
        showSuccess(messages.resetEmailSent);
        await navigate('/confirm-reset-password/');
      },
      onError: (err) => showError(err.message),
    });
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        Forgotten your password?
      </Title>
      <Text size="sm" mb="sm">
        We email you a code to set a new password.
      </Text>
      <Group>
        <Button variant="default" loading={request.isPending} onClick={start}>
          Reset Password
        </Button>
      </Group>
    </Card>
  );
}
