import { Button, Card, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { useCurrentUser } from '../../lib/current-user';

type Props = { title: string; message: string; onRetry?: () => void };

/** A log that cannot be shown: said plainly, with a way on. */
export function LogMissing({ title, message, onRetry }: Props) {
  const { user } = useCurrentUser();
  return (
    <Page title={title}>
      <Card withBorder padding="lg">
        <Text role="alert">{message}</Text>
        <Group mt="md" gap="sm">
          {onRetry && <Button onClick={onRetry}>Try again</Button>}
          <Button component={Link} to={user ? '/dashboard' : '/'} variant={onRetry ? 'default' : 'filled'}>
            {user ? 'Go to your dashboard' : 'Go to the home page'}
          </Button>
        </Group>
      </Card>
    </Page>
  );
}
