import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { alerts, closeAlert, showError } from '../lib/alerts';
import { ApiErrorEvent, apiErrors } from '../lib/api';
import { useStore } from '../lib/store';

/** The app's one alert dialog: what lib/alerts holds, and the global error event of a failed call. */
export function AlertDialog() {
  const alert = useStore(alerts);
  useEffect(() => {
    const show = (event: Event) => {
      if (event instanceof ApiErrorEvent) showError(event.error.message, event.title);
    };
    apiErrors.addEventListener('error', show);
    return () => apiErrors.removeEventListener('error', show);
  }, []);
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
