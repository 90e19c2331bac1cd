import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingPage } from '../../components/loading-page';
import { Page } from '../../components/page';
import { showError, showSuccess } from '../../lib/alerts';
import { useEditableLog } from './api/get-editable-log';
import { useDeleteLog, useUpdateLog, type LogBody } from './api/save-log';
import { LogForm } from './log-form';
import { LogMissing } from './log-missing';
import { savedMessage } from './saved-message';

export function EditLogPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [confirming, confirm] = useDisclosure(false);
  const query = useEditableLog(id);
  const update = useUpdateLog();
  const removal = useDeleteLog();

  const done = async (message: string) => {
    showSuccess(message);
    await navigate('/dash-data');
  };

  const save = async (body: LogBody) => {
    const { log } = await update.mutateAsync({ id, body });
    await done(savedMessage('Your log was saved.', log.pending));
  };

  const remove = () =>
    removal.mutate(id, {
      onSuccess: () => done('The log was deleted.'),
      onError: (err) => showError(err.message),
      onSettled: confirm.close,
    });

  if (query.isPending) return <LoadingPage />;
  if (query.isError) {
    const status = query.error.status;
    return status === 404 || status === 403 ? (
      <LogMissing title="Edit Log" message="This log does not exist or is not yours." />
    ) : (
      <LogMissing title="Edit Log" message={query.error.message} onRetry={() => void query.refetch()} />
    );
  }

  return (
    <Page title="Edit Log" size="lg">
      <LogForm
        key={query.data._id}
        log={query.data}
        submitLabel="Save"
        onSubmit={save}
        saving={update.isPending}
        actions={
          <>
            <Button component={Link} to={`/log/${encodeURIComponent(id)}`} variant="default" size="md">
              Cancel
            </Button>
            <Button color="red" variant="light" size="md" onClick={confirm.open} disabled={update.isPending}>
              Delete
            </Button>
          </>
        }
      />
      <Modal opened={confirming} onClose={confirm.close} title="Delete this log?" centered>
        <Text>The log, its photo and its tags are removed for good. This cannot be undone.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirm.close} disabled={removal.isPending}>
            Keep it
          </Button>
          <Button color="red" loading={removal.isPending} onClick={remove} data-autofocus>
            Delete
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}
