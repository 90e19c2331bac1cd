import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page';
import { useCurrentUser } from '../../lib/current-user';
import { useLog } from './api/get-log';
import { LogDetails } from './log-details';
import { LogMissing } from './log-missing';

/** 'View Log' (/log/:id) and, for visitors, 'View User Log' (/logs/:username/:id). */
export function ViewLogPage() {
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const query = useLog(id);
  usePageTitle(query.data ? `${query.data.type} log` : 'Fishing Log');

  if (query.isPending) return <LoadingPage />;
  if (query.isError) {
    return query.error.status === 404 || query.error.status === 403 ? (
      <LogMissing title="Fishing Log" message="This log does not exist, or it is not shared with you." />
    ) : (
      <LogMissing title="Fishing Log" message={query.error.message} onRetry={() => void query.refetch()} />
    );
  }
  return (
    <Container size="lg" py="lg">
      <LogDetails log={query.data} viewer={user} />
    </Container>
  );
}
