import { Alert, Anchor, Button, Group, Loader, Text } from '@mantine/core';
import { useConnectStatus } from '../lib/billing';

/**
 * The event wizard's Stripe link (seed 002's GET api/billing/connect-stripe): onboarding opens in
 * a new tab through /connect-stripe, so the half-filled wizard stays; when the organiser comes
 * back the status is read again and their linked account can fill the Stripe field.
 */
export function StripeConnectPanel({ value, onUse }: { value: string; onUse: (accountId: string) => void }) {
  const status = useConnectStatus();
  if (status.isPending) return <Loader size="xs" aria-label="Checking your Stripe link" />;
  if (status.isError) {
    return (
      <Alert color="red" variant="light" title="Your Stripe link could not be checked">
        <Button size="xs" variant="light" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { accountId, chargesEnabled } = status.data;
  if (accountId && chargesEnabled) {
    return (
      <Group gap="xs" data-testid="stripe-connect">
        <Text size="sm">
          Your Stripe account <Text span ff="monospace">{accountId}</Text> is linked.
        </Text>
        {value !== accountId && (
          <Button size="xs" variant="light" onClick={() => onUse(accountId)}>
            Take entry fees into it
          </Button>
        )}
      </Group>
    );
  }
  return (
    <Group gap="xs" data-testid="stripe-connect">
      <Button component="a" href="/connect-stripe?start=1" target="_blank" rel="noopener" size="xs" variant="light">
        {accountId ? 'Finish linking your Stripe account' : 'Connect with Stripe'}
      </Button>
      <Text size="sm" c="gray.7">
        Or paste a key.{' '}
        <Anchor size="sm" component="button" type="button" onClick={() => void status.refetch()}>
          I have finished linking
        </Anchor>
      </Text>
    </Group>
  );
}
