import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useCurrentUser } from '../lib/current-user';
import { useNewsletterStatus, useSubscribe, useUnsubscribe } from '../lib/newsletter';
import { VisitorNewsletterForm } from './newsletter-visitor-form';

/**
 * The newsletter form of the footer and the /newsletter page: a visitor types an address and
 * confirms it by mail; a member subscribes or unsubscribes with one button, after the server has
 * said which they are (nothing is shown as chosen before that).
 */
export function NewsletterForm({ compact = false }: { compact?: boolean }) {
  const { user } = useCurrentUser();
  return user ? <MemberChoice /> : <VisitorNewsletterForm compact={compact} />;
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
