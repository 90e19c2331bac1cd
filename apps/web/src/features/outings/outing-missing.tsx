import { Alert, Button, Container, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ApiError } from '../../lib/api';

/** An outing that cannot be shown: gone, someone else's, or the server did not answer. */
export function OutingMissing({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  const missing = error.status === 404 || error.status === 403;
  return (
    <Container size="sm" py="xl">
      <Title order={1} size="h2">
        Outing
      </Title>
      <Alert color={missing ? 'yellow' : 'red'} variant="light" role="alert" mt="md" title={missing ? 'Outing not found' : 'The outing could not be loaded'}>
        {missing ? 'This outing does not exist, or it is not yours.' : error.message}
      </Alert>
      {missing ? (
        <Button component={Link} to="/dash-data" mt="md" variant="light">
          Back to your logs
        </Button>
      ) : (
        <Button mt="md" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Container>
  );
}
