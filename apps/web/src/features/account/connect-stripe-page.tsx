import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { completeTestOnboarding, connectStatusQueryOptions, connectStripeUrl, useConnectStatus } from '../../lib/billing';
import { useSubmitMutation } from '../../lib/submit-mutation';

/**
 * /connect-stripe: starts onboarding (`?start=1`), gets a new link when Stripe's expired
 * (`?refresh=1`), and is where Stripe sends the organiser back (`?done=1`).
 */
export function ConnectStripePage() {
  const [params] = useSearchParams();
  const leaving = params.has('start') || params.has('refresh');
  const [failed, setFailed] = useState<string | null>(null);
  const status = useConnectStatus(!leaving);

  useEffect(() => {
    if (!leaving) return;
    connectStripeUrl()
      .then(({ url }) => window.location.assign(url))
      .catch((error: unknown) => setFailed(error instanceof Error ? error.message : 'Stripe could not be reached.'));
  }, [leaving]);

  if (failed) {
    return (
      <Page title="Connect Stripe">
        <Alert color="red" title="Stripe onboarding could not start">
          {failed} Please try again in a moment.
        </Alert>
      </Page>
    );
  }
  if (leaving || status.isPending) {
    return (
      <Page title="Connect Stripe">
        <Stack align="center" py="xl" aria-busy="true">
          <Loader aria-label="Opening Stripe" />
          <Text>{leaving ? 'Taking you to Stripe…' : 'Checking your Stripe account…'}</Text>
        </Stack>
      </Page>
    );
  }
  if (status.isError) {
    return (
      <Page title="Connect Stripe">
        <Alert color="red" title="Your Stripe account could not be checked">
          <Button mt="xs" size="xs" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </Alert>
      </Page>
    );
  }
  const linked = status.data.accountId !== null && status.data.chargesEnabled;
  return (
    <Page title="Connect Stripe">
      <Stack maw={560}>
        {linked ? (
          <Alert color="green" title="Your Stripe account is linked">
            Entry fees of your events can now be paid into it. Go back to your event and choose “Take entry fees into it”, or close this tab.
          </Alert>
        ) : (
          <Alert color="yellow" title={status.data.accountId ? 'Stripe still needs some details' : 'No Stripe account is linked yet'}>
            Stripe pays entry fees out to you once its onboarding is complete.
          </Alert>
        )}
        {!linked && (
          <Button component="a" href="/connect-stripe?start=1" w="fit-content">
            {status.data.accountId ? 'Continue on Stripe' : 'Connect with Stripe'}
          </Button>
        )}
        <Button component={Link} to="/create-event" variant="default" w="fit-content">
          Create an event
        </Button>
      </Stack>
    </Page>
  );
}

/** Test mode's stand-in for Stripe's hosted onboarding page: no money moves. */
export function TestOnboardingPage() {
  const [params] = useSearchParams();
  const account = params.get('account') ?? '';
  const client = useQueryClient();
  const complete = useSubmitMutation({
    mutationFn: () => completeTestOnboarding(account),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: connectStatusQueryOptions().queryKey });
      window.location.assign('/connect-stripe?done=1');
    },
  });
  return (
    <Page title="Stripe onboarding (test mode)">
      <Stack maw={560}>
        <Alert color="blue" title="Test mode">
          This server has no Stripe key, so no money moves. With Stripe, this step is Stripe’s own page where you give your business and bank details.
        </Alert>
        <Text>
          Account <Text span ff="monospace">{account || 'unknown'}</Text>
        </Text>
        {complete.isError && (
          <Alert color="red" role="alert">
            {complete.error.message}
          </Alert>
        )}
        <Button w="fit-content" onClick={() => complete.mutate()} loading={complete.isPending} disabled={!account}>
          Complete onboarding
        </Button>
      </Stack>
    </Page>
  );
}
