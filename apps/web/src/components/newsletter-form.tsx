import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useCurrentUser } from '../lib/current-user';
import { useNewsletterStatus, useSubscribe, useUnsubscribe } from '../lib/newsletter';

/**
 * The newsletter form of the footer and the /newsletter page: a visitor types an address and
 * confirms it by mail; a member subscribes or unsubscribes with one button, after the server has
 * said which they are (nothing is shown as chosen before that).
 */
export function NewsletterForm({ compact = false }: { compact?: boolean }) {
  const { user } = useCurrentUser();
  return user ? <MemberChoice /> : <VisitorForm compact={compact} />;
}

function VisitorForm({ compact }: { compact: boolean }) {
  const subscribe = useSubscribe();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    subscribe.mutate(email.trim(), {
      onSuccess: (answer) => {
        setDone(answer.message);
        setEmail('');
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Newsletter sign-up">
      <Stack gap={6}>
        <Group gap="xs" align="flex-end" wrap={compact ? 'wrap' : 'nowrap'}>
          <TextInput
            label="Your email"
            type="email"
            autoComplete="email"
            size={compact ? 'xs' : 'sm'}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={subscribe.error?.field('email') ?? subscribe.error?.message}
            style={{ flex: 1, minWidth: 180 }}
          />
          <Button type="submit" size={compact ? 'xs' : 'sm'} loading={subscribe.isPending}>
            Subscribe
          </Button>
        </Group>
        {done && (
          <Text size="sm" role="status">
            {done}
          </Text>
        )}
      </Stack>
    </form>
  );
}

function MemberChoice() {
  const status = useNewsletterStatus(true);
  const subscribe = useSubscribe();
  const unsubscribe = useUnsubscribe();
  const busy = subscribe.isPending || unsubscribe.isPending;
  if (status.isPending) return <Text size="sm">Checking your subscription…</Text>;
  if (status.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        Your subscription could not be checked. {status.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap={6}>
      <Text size="sm" role="status">
        {status.data.subscribed ? 'You are subscribed to the newsletter.' : 'You are not subscribed to the newsletter.'}
      </Text>
      <Group>
        {status.data.subscribed ? (
          <Button size="xs" variant="default" loading={busy} onClick={() => unsubscribe.mutate()}>
            Unsubscribe
          </Button>
        ) : (
          <Button size="xs" loading={busy} onClick={() => subscribe.mutate(undefined)}>
            Subscribe
          </Button>
        )}
      </Group>
      {(subscribe.error ?? unsubscribe.error) && (
        <Text size="sm" c="red.8" role="alert">
          {(subscribe.error ?? unsubscribe.error)?.message}
        </Text>
      )}
    </Stack>
  );
}
