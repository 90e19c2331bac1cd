import { Avatar, Button, Card, FileButton, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { emailRule, usernameRule, type UserView } from '@tightlines/core/accounts';
import { messages } from '@tightlines/core/messages';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { showError, showSuccess } from '../../lib/alerts';
import type { ApiError } from '../../lib/api';
import { userKeys } from '../../lib/current-user';
import { requestPasswordReset, setProfileImage, updateEmail, updateUser } from './api';

export function SettingsTab({ user }: { user: UserView }) {
  const client = useQueryClient();
  const keep = (next: UserView) => client.setQueryData(userKeys.current, next);
  return (
    <Stack gap="md">
      <ProfileImage user={user} onSaved={keep} />
      <UsernameForm user={user} onSaved={keep} />
      <EmailForm user={user} onSaved={keep} />
      <Newsletter user={user} onSaved={keep} />
      <ResetPassword email={user.email} />
    </Stack>
  );
}

type Part = { user: UserView; onSaved: (user: UserView) => void };

function ProfileImage({ user, onSaved }: Part) {
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) {
      setError('Please choose an image file (JPEG, PNG, WebP or similar).');
      return;
    }
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    try {
      onSaved((await setProfileImage(file)).user);
      setPreview(null);
    } catch (e) {
      setPreview(null);
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Profile image
      </Title>
      <Group gap="md">
        <Avatar src={preview ?? user.profilePicture ?? '/default-avatar.svg'} alt="Your profile image" size={80} radius="xl" />
        <Stack gap={4}>
          <FileButton onChange={(file) => void upload(file)} accept="image/*">
            {(props) => (
              <Button {...props} variant="default" loading={busy}>
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

function UsernameForm({ user, onSaved }: Part) {
  const [username, setUsername] = useState(user.username);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = usernameRule.safeParse(username);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'That username is not valid.');
    setError(null);
    setBusy(true);
    try {
      onSaved(await updateUser({ username: checked.data }));
      showSuccess('Your username was updated.');
    } catch (e) {
      const err = e as ApiError;
      setError(err.field?.('username') ?? err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="lg" component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate aria-label="Username">
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
        <Button type="submit" loading={busy} disabled={username.trim() === user.username}>
          Update Username
        </Button>
      </Group>
    </Card>
  );
}

function EmailForm({ user, onSaved }: Part) {
  const [email, setEmail] = useState(user.email);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = () => {
    const ok = emailRule.safeParse(email).success;
    setError(ok ? null : messages.emailInvalid);
    return ok;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    setBusy(true);
    try {
      onSaved(await updateEmail(email));
      showSuccess('Your email address was updated.');
    } catch (e) {
      const err = e as ApiError;
      setError(err.field?.('email') ?? err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="lg" component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate aria-label="Email address">
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
        <Button type="submit" loading={busy} disabled={email.trim().toLowerCase() === user.email.toLowerCase()}>
          Update Email Address
        </Button>
      </Group>
    </Card>
  );
}

function Newsletter({ user, onSaved }: Part) {
  const [busy, setBusy] = useState(false);
  const toggle = async (newsletter: boolean) => {
    setBusy(true);
    try {
      onSaved(await updateUser({ newsletter }));
    } catch (e) {
      showError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Newsletter
      </Title>
      <Switch
        checked={user.newsletter}
        disabled={busy}
        onChange={(e) => void toggle(e.currentTarget.checked)}
        label="Send me the newsletter: fishing reports and product news, once a month"
      />
    </Card>
  );
}

function ResetPassword({ email }: { email: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await requestPasswordReset(email);
      showSuccess(messages.resetEmailSent);
      await navigate('/confirm-reset-password/');
    } catch (e) {
      showError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        Password
      </Title>
      <Text size="sm" mb="sm">
        We email you a code to set a new password.
      </Text>
      <Group>
        <Button variant="default" loading={busy} onClick={() => void start()}>
          Reset Password
        </Button>
      </Group>
    </Card>
  );
}
