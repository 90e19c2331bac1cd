import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SessionView } from '@tightlines/core/accounts';
import { useState } from 'react';
import { plural } from '../../lib/format';
import { mySessionsQueryOptions, useEndOtherSessions, useEndSession } from './api/sessions';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A readable name for a user agent string; the raw string stays in the title for the curious. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

export function SessionsPanel() {
  const list = useQuery(mySessionsQueryOptions());
  const endOthers = useEndOtherSessions();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const others = (list.data ?? []).filter((s) => !s.current);

  const logOutOthers = () => {
    setMessage(null);
    endOthers.mutate(
      others.map((s) => s._id),
      {
        onSuccess: (n) => setMessage({ ok: true, text: `Signed out ${plural(n, 'other session')}.` }),
        onError: (err) => setMessage({ ok: false, text: err.message }),
      },
    );
  };

  return (
    <Card withBorder padding="lg" aria-label="Sessions" component="section">
      <Title order={2} size="h4" mb="xs">
        Sessions
      </Title>
      <Text size="sm" mb="sm">
        The devices signed in to your account. End any you do not recognise, and change your password.
      </Text>
      {list.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Loading your sessions…</Text>
        </Group>
      ) : list.isError ? (
        <Alert color="red" role="alert" title="We could not load your sessions.">
          <Text size="sm" mb="xs">
            {list.error.message}
          </Text>
          <Button size="xs" variant="default" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : list.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No sessions are signed in.
        </Text>
      ) : (
        <Stack gap="xs">
          {list.data.map((s) => (
            <SessionRow key={s._id} session={s} />
          ))}
        </Stack>
      )}
      {message && (
        <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'} mt="sm">
          {message.text}
        </Alert>
      )}
      {list.isSuccess && (
        <Group mt="sm">
          <Button variant="default" color="red" onClick={logOutOthers} loading={endOthers.isPending} disabled={others.length === 0}>
            Log out everywhere else
          </Button>
        </Group>
      )}
    </Card>
  );
}

function SessionRow({ session }: { session: SessionView }) {
  const end = useEndSession();
  const name = deviceName(session.userAgent);
  return (
    <Card withBorder padding="sm" radius="sm" component="section" aria-label={session.current ? `${name} (this device)` : name}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Group gap="xs">
            <Text fw={600} size="sm" title={session.userAgent ?? undefined}>
              {name}
            </Text>
            {session.current && (
              <Badge size="sm" variant="light">
                This device
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Signed in {when(session.createdAt)} · last seen {when(session.lastSeenAt)}
          </Text>
          {end.error && (
            <Text size="xs" c="red.8" role="alert">
              {end.error.message}
            </Text>
          )}
        </Stack>
        {!session.current && (
          <Button size="xs" variant="subtle" color="red" loading={end.isPending} onClick={() => end.mutate(session._id)}>
            Sign out
          </Button>
        )}
      </Group>
    </Card>
  );
}
