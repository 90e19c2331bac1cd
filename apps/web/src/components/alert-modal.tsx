import { Button, Group, Modal, Text } from '@mantine/core';
import { alerts, closeAlert } from '../lib/alerts';
import { useStore } from '../lib/store';

/** The alert dialog itself (AlertDialog loads it the first time there is something to say). */
export function AlertModal() {
  const alert = useStore(alerts);
  return (
    <Modal
      opened={alert !== null}
      onClose={closeAlert}
      title={alert?.title ?? (alert?.kind === 'error' ? 'Error' : 'Success')}
      centered
      styles={{ title: { fontWeight: 700, color: alert?.kind === 'error' ? 'var(--mantine-color-red-8)' : undefined } }}
    >
      <Text role={alert?.kind === 'error' ? 'alert' : 'status'}>{alert?.message}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={closeAlert} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
