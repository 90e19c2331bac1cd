import { Button, Card, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { useConfirmEmail } from './api/password-reset';
import { SoftError } from './soft-error';

/**
 * Opened from the link mailed to a new address. The change waits for a click rather than
 * happening on load: mail scanners open links, and must not confirm an address for anyone.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();

  return (
    <Page title="Confirm your new e-mail address" size="xs">
      <Card withBorder padding="lg">
        <Stack gap="sm">
          {confirm.isSuccess ? (
            <>
              <Text role="status">Your e-mail address is now {confirm.data.email}. Use it the next time you log in.</Text>
              <Button component={Link} to="/dashboard">
                Go to the dashboard
              </Button>
            </>
          ) : (
            <>
              <Text size="sm">Confirm that this address should become the one your Tightlines account uses.</Text>
              <SoftError message={token ? (confirm.error?.message ?? null) : 'This confirmation link is not complete.'} />
              <Button loading={confirm.isPending} disabled={!token} onClick={() => confirm.mutate(token)}>
                Confirm my new address
              </Button>
            </>
          )}
        </Stack>
      </Card>
    </Page>
  );
}
