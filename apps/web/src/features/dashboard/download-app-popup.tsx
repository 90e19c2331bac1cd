import { Button, Group, Modal, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AppLinks } from '../../components/app-links';

/** ?prompt=downloadApp greets a new angler with the app-store links. */
export function DownloadAppPopup() {
  const [params, setParams] = useSearchParams();
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete('prompt');
    setParams(next, { replace: true });
  };
  return (
    <Modal opened={params.get('prompt') === 'downloadApp'} onClose={close} title="Welcome to Tightlines!" centered>
      <Text size="sm" mb="sm">
        Take your logs to the water with the Tightlines app:
      </Text>
      <AppLinks />
      <Text size="sm" mt="sm">
        Tightlines also works in your phone’s browser: choose “Add to Home Screen” to keep it one tap away.
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={close}>Got it</Button>
      </Group>
    </Modal>
  );
}
