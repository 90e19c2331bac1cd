import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@tightlines/core/messages';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { showError, showSuccess } from '../../lib/alerts';
import type { ApiError } from '../../lib/api';
import { createLog, logKeys, type LogPayload } from './api';
import { LogForm } from './log-form';
import { savedMessage } from './saved-message';

export function CreateLogPage() {
  const navigate = useNavigate();
  const client = useQueryClient();

  const submit = async (payload: LogPayload) => {
    try {
      const log = await createLog(payload);
      await client.invalidateQueries({ queryKey: logKeys.all });
      showSuccess(savedMessage('Your log was created.', log.pending));
      await navigate('/dash-data');
    } catch (e) {
      // The allowance is a dialog, as the seeds show it; the form stays filled in for later.
      if ((e as ApiError).status === 403) showError(messages.allowanceExceeded);
      else throw e;
    }
  };

  return (
    <Page title="Create a Fishing Log" size="lg">
      <LogForm
        submitLabel="Create Log"
        onSubmit={submit}
        actions={
          <Button component={Link} to="/dashboard" variant="default" size="md">
            Cancel
          </Button>
        }
      />
    </Page>
  );
}
