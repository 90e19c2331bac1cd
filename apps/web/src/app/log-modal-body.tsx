import { Alert, Button, Center, Loader } from '@mantine/core';
import { useLog } from '../features/logs/api/get-log';
import { LogDetails } from '../features/logs/log-details';
import { useCurrentUser } from '../lib/current-user';

/** The log modal's content: the logs feature's details of one log, with its loading and failure states. */
export function LogModalBody({ id }: { id: string }) {
  const { user } = useCurrentUser();
  const query = useLog(id);

  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the log" />
      </Center>
    );
  }
  if (query.isError) {
    const missing = query.error.status === 404 || query.error.status === 403;
    return (
      <Alert color="red" variant="light" role="alert" title="This log could not be shown">
        {missing ? 'This log does not exist, or it is not shared with you.' : query.error.message}
        {!missing && (
          <Button mt="sm" size="xs" variant="light" onClick={() => void query.refetch()}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  return <LogDetails log={query.data} viewer={user} headingLevel={3} />;
}
