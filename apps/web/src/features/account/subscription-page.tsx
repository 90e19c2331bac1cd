import { Badge, Container, Group, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../components/page';
import { usePlans } from '../../lib/billing';
import { planPrice } from '../../lib/money';
import { SubscriptionManager } from './subscription-manager';

export function SubscriptionPage() {
  usePageTitle('Subscription');
  const plans = usePlans();
  const [monthly, yearly] = plans.data?.data ?? [];
  return (
    <Container size="sm" py="lg">
      <Group justify="space-between" align="center" mb={4}>
        <Title order={1} size="h2">
          Subscription
        </Title>
        {plans.data?.mode === 'test' && (
          <Badge color="orange" variant="light" c="dark.8">
            Test mode
          </Badge>
        )}
      </Group>
      <Text c="dimmed" mb="md">
        Premium is {monthly ? planPrice(monthly) : '$4.99/month'} or {yearly ? planPrice(yearly) : '$30/year'}: unlimited logs, the Inner
        Circle, maps and charts, import, extended forecasts and voice logging.
      </Text>
      <SubscriptionManager />
    </Container>
  );
}
