import { Alert, Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { messages } from '@tightlines/core/messages';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { useCurrentUser } from '../../lib/current-user';
import { LunarWidget } from './lunar-widget';
import { usePosition } from './use-position';
import { WeatherWidget } from './weather-widget';

const notYetWidgets = ['Your Stats', 'Events'];

export function DashboardPage() {
  const { user } = useCurrentUser();
  const position = usePosition();
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
      {position.status === 'off' && (
        <Alert color="yellow" variant="light" mb="lg" role="alert">
          {messages.geolocationDisabled}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <WeatherWidget position={position} />
        <LunarWidget position={position} />
        {notYetWidgets.map((name) => (
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
