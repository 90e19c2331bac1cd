import { Alert, Button, Card, Container, List, Stack, Text, Title } from '@mantine/core';
import { FREE_FOR_ALL } from '@tightlines/core/accounts';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/page';
import { useCurrentUser } from '../../lib/current-user';
import { useFeatureFlags } from '../../lib/feature-flags';

/** The promotion page: while FREEFORALL is on, every premium feature is free for members without a subscription. */
export function FreeForAllPage() {
  usePageTitle('Our Gift to You');
  const { user } = useCurrentUser();
  const flags = useFeatureFlags();
  const promotion = flags.includes(FREE_FOR_ALL);
  return (
    <Container size="sm" py="lg">
      <Title order={1} size="h2" mb="md">
        Our Gift to You
      </Title>
      <Stack>
        {promotion && user && !user.activeSubscription && (
          <Alert color="teal" title="Congratulations" role="status">
            Congratulations! For a limited time every premium feature is free for you: unlimited logs, the Inner Circle, maps and charts,
            import, extended forecasts and voice logging.
          </Alert>
        )}
        {promotion && user?.activeSubscription && <Text>You already have premium with your subscription. Thank you for supporting Tightlines.</Text>}
        {!promotion && (
          <Text>The free-for-all promotion has ended. Premium is $4.99/month or $30/year.</Text>
        )}
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="xs">
            Premium includes
          </Title>
          <List spacing={4}>
            <List.Item>Unlimited logs (free accounts get 5 a month)</List.Item>
            <List.Item>Hands-free voice logging</List.Item>
            <List.Item>The Inner Circle</List.Item>
            <List.Item>Nautical charts map overlay and charts</List.Item>
            <List.Item>Importing your data, extended and historic forecasts</List.Item>
          </List>
        </Card>
        <Button component={Link} to="/subscription" variant="light" w="fit-content">
          {promotion ? 'Subscribe to keep premium after the promotion' : 'Subscribe'}
        </Button>
      </Stack>
    </Container>
  );
}
