import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useAddToCircle } from './api/change-circle';

/** 'Add a user': by e-mail or username; the server's message shows in the body on error (seed 001). */
export function AddUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [user, setUser] = useState('');
  const add = useAddToCircle();
  const close = () => {
    setUser('');
    add.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Add a user" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (user.trim()) add.mutate(user.trim(), { onSuccess: close });
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            They will see your public and protected logs, narrowed by the lakes and tags you allow them. Private logs stay yours.
          </Text>
          <TextInput
            label="E-mail or username"
            value={user}
            maxLength={254}
            onChange={(e) => setUser(e.currentTarget.value)}
            data-autofocus
            error={add.error?.message}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending} disabled={!user.trim()}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
