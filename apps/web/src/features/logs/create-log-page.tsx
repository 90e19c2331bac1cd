import { Alert, Button, Group, Text } from '@mantine/core';
import { messages } from '@tightlines/core/messages';
import { Link, useNavigate } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { Page } from '../../components/page';
import { showError, showSuccess } from '../../lib/alerts';
import { ApiError } from '../../lib/api';
import { useAllowance } from './api/get-allowance';
import { useCreateLog, type LogBody } from './api/save-log';
import { LogForm } from './log-form';
import { savedMessage } from './saved-message';

export function CreateLogPage() {
  const navigate = useNavigate();
  const create = useCreateLog();

  const submit = async (body: LogBody) => {
    try {
      const log = await create.mutateAsync(body);
      showSuccess(savedMessage('Your log was created.', log.pending));
      await navigate('/dash-data');
    } catch (e) {
      // The allowance is a dialog, as the seeds show it; the form stays filled in for later.
      if (e instanceof ApiError && e.status === 403) showError(messages.allowanceExceeded);
      else throw e;
    }
  };

  // Every way here (a link, a bookmark, the URL typed in) meets the allowance before the form.
  const allowance = useAllowance();
  if (allowance.isPending) return <LoadingPage />;
  if (allowance.data && !allowance.data.allowed) {
    return (
      <Page title="Create a Fishing Log" size="lg">
        <Alert color="red" variant="light" role="alert">
          <Text size="sm">{messages.allowanceExceeded}</Text>
          <Group mt="sm" gap="sm">
            <Button component={Link} to="/subscription" size="xs">
              Start a subscription
            </Button>
            <Button component={Link} to="/dashboard" size="xs" variant="default">
              Back to the dashboard
            </Button>
          </Group>
        </Alert>
      </Page>
    );
  }

  return (
    <Page title="Create a Fishing Log" size="lg">
      <LogForm
        submitLabel="Create Log"
        onSubmit={submit}
        saving={create.isPending}
        actions={
          <Button component={Link} to="/dashboard" variant="default" size="md">
            Cancel
          </Button>
        }
      />
    </Page>
  );
}
