import { Alert, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useBillingOverview } from './api/billing';
import { dollars, periodDate, planPrice } from '../../lib/money';
import { SubscriptionManager } from './subscription-manager';

/** My Account > Billing: the current plan and its date, the receipts, and the same actions as /subscription. */
export function BillingTab() {
  const overview = useBillingOverview();
  if (overview.isPending) return <Skeleton height={160} aria-busy="true" />;
  if (overview.isError) {
    return (
      <Alert color="red" role="alert">
        {overview.error.message}
      </Alert>
    );
  }
  const { subscription, receipts, mode } = overview.data;
  const live = subscription && !['canceled', 'incomplete_expired'].includes(subscription.status);
  return (
    <Stack>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="xs">
          Current plan {mode === 'test' && <Text span size="sm" c="orange">(test mode)</Text>}
        </Title>
        {live ? (
          <Text>
            {subscription.plan.name}, {planPrice(subscription.plan)}.{' '}
            {subscription.cancel_at_period_end
              ? `Ends on ${periodDate(subscription.current_period_end)}; premium lasts until then.`
              : subscription.status === 'past_due'
                ? 'Your last payment failed. Add a card and update your subscription to keep premium.'
                : `Renews on ${periodDate(subscription.current_period_end)}.`}
          </Text>
        ) : (
          <Text>Free: 5 logs a month. Subscribe below for unlimited logs and every premium feature.</Text>
        )}
      </Card>
      <SubscriptionManager />
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="xs">
          Receipts
        </Title>
        {receipts.length === 0 ? (
          <Text c="dimmed">No payments yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {receipts.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{periodDate(Date.parse(r.created) / 1000)}</Table.Td>
                    <Table.Td>{r.description}</Table.Td>
                    <Table.Td ta="right">{dollars(r.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
