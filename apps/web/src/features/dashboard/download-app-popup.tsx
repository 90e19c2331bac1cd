import { Button, Group, Modal, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';

/** ?prompt=downloadApp greets a new angler; the native apps are not out yet, and it says so. */
export function DownloadAppPopup() {
  const [params, setParams] = useSearchParams();
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete('prompt');
    setParams(next, { replace: true });
  };
  return (
    <Modal opened={params.get('prompt') === 'downloadApp'} onClose={close} title="Welcome to Tightlines!" centered>
      <Text size="sm">
        The iPhone and Android apps are not available yet. Tightlines works in your phone’s browser: open it there and
        choose “Add to Home Screen” to keep it one tap away.
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={close}>Got it</Button>
      </Group>
    </Modal>
  );
}
