import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { Page } from '../../components/page';
import { showError, showSuccess } from '../../lib/alerts';
import type { ApiError } from '../../lib/api';
import { deleteLog, fetchEditableLog, logKeys, updateLog, type LogPayload } from './api';
import { LogForm } from './log-form';
import { LogMissing } from './log-missing';
import { savedMessage } from './saved-message';

export function EditLogPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [confirming, confirm] = useDisclosure(false);
  const [deleting, setDeleting] = useState(false);
  const query = useQuery({
    queryKey: logKeys.edit(id),
    queryFn: () => fetchEditableLog(id),
    retry: (count, error) => (error as ApiError).status >= 500 && count < 1,
    // The form is filled once; a background refetch must not reset what is being typed.
    staleTime: Infinity,
  });

  const done = async (message: string) => {
    client.removeQueries({ queryKey: logKeys.edit(id) });
    await client.invalidateQueries({ queryKey: logKeys.all });
    showSuccess(message);
    await navigate('/dash-data');
  };

  const save = async (payload: LogPayload) => {
    const log = await updateLog(id, payload);
    await done(savedMessage('Your log was saved.', log.pending));
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteLog(id);
      confirm.close();
      await done('The log was deleted.');
    } catch (e) {
      confirm.close();
      showError((e as ApiError).message);
    } finally {
      setDeleting(false);
    }
  };

  if (query.isPending) return <LoadingPage />;
  if (query.isError) {
    const status = (query.error as ApiError).status;
    return status === 404 || status === 403 ? (
      <LogMissing title="Edit Log" message="This log does not exist or is not yours." />
    ) : (
      <LogMissing title="Edit Log" message={(query.error as ApiError).message} onRetry={() => void query.refetch()} />
    );
  }

  return (
    <Page title="Edit Log" size="lg">
      <LogForm
        key={query.data._id}
        log={query.data}
        submitLabel="Save"
        onSubmit={save}
        actions={
          <>
            <Button component={Link} to={`/log/${encodeURIComponent(id)}`} variant="default" size="md">
              Cancel
            </Button>
            <Button color="red" variant="light" size="md" onClick={confirm.open}>
              Delete
            </Button>
          </>
        }
      />
      <Modal opened={confirming} onClose={confirm.close} title="Delete this log?" centered>
        <Text>The log, its photo and its tags are removed for good. This cannot be undone.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirm.close}>
            Keep it
          </Button>
          <Button color="red" loading={deleting} onClick={() => void remove()} data-autofocus>
            Delete
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}
