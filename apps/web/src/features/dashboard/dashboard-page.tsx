import { Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { messages } from '@tightlines/core/messages';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { useCurrentUser } from '../../lib/current-user';

const widgets = ['Weather', 'Lunar', 'Your Stats', 'Events'];

export function DashboardPage() {
  const { user } = useCurrentUser();
  return (
    <Page title="Dashboard" size="lg">
      <Group justify="space-between" mb="lg">
        <Text size="lg">
          Welcome, <strong>{user?.username}</strong>
          {user?.premiumMember ? ' · Premium' : ''}
        </Text>
        <Button component={Link} to="/create-event" variant="light">
          Create an Event
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {widgets.map((name) => (
          <Card key={name} withBorder padding="lg">
            <Title order={2} size="h4">
              {name}
            </Title>
            <Text c="dimmed" size="sm" mt={6}>
              {messages.notAvailableYet}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Page>
  );
}
