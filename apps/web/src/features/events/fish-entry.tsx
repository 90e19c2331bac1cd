import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { EventView } from '@tightlines/core/api/events';
import { eventMessages } from '@tightlines/core/events/messages';
import { useState } from 'react';
import { showError, showSuccess } from '../../lib/alerts';
import { currentPosition } from '../../lib/geolocation';
import { useEnterFish, useUploadFishPhoto } from './api/enter-fish';
import { blankFish, FishFields, FishPhotoPickers, useFishPhotos, type FishFieldValues } from './fish-fields';

const PHOTO_LABELS = {
  measurement: 'Fish on the bumperboard',
  angler: 'You holding your fish',
};

/**
 * The Enter Fish form: the fish and its two photos, each uploaded as it is chosen. The server
 * checks every rule again; its message shows in an alert and under the form.
 */
export function FishEntryModal({ event, opened, onClose }: { event: EventView; opened: boolean; onClose: () => void }) {
  const [form, setForm] = useState<FishFieldValues>(() => blankFish(event));
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadFishPhoto();
  const photos = useFishPhotos((file) => upload.mutateAsync(file));
  const enter = useEnterFish();

  const submit = async () => {
    setError(null);
    // Where the fish was caught, when the browser can say; the entry does not wait on it otherwise.
    const point = await currentPosition().catch(() => null);
    try {
      await enter.mutateAsync({
        eventId: event._id,
        fish: {
          species: form.species || null,
          size: Number(form.size) || 0,
          lure: form.lure || null,
          lake: form.lake || null,
          lat: point?.lat ?? null,
          lng: point?.lng ?? null,
          tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
          photos: photos.photos,
        },
      });
      photos.reset();
      setForm((f) => ({ ...f, size: '', lure: '' }));
      onClose();
      showSuccess(eventMessages.fishEntered, 'Success');
    } catch (e) {
      const message = (e as Error).message;
      setError(message);
      showError(message);
    }
  };

  const shown = error ?? photos.error;
  return (
    <Modal opened={opened} onClose={onClose} title="Enter Fish" centered>
      <Stack gap="sm">
        <FishFields event={event} value={form} onChange={(change) => setForm((f) => ({ ...f, ...change }))} typedLake />
        <Text size="xs" c="dimmed">
          Today&apos;s keycode must show in both photos.
        </Text>
        <FishPhotoPickers labels={PHOTO_LABELS} state={photos} />
        {shown && (
          <Alert color="red" role="alert">
            {shown}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={enter.isPending} disabled={photos.uploading !== null}>
            Submit Fish
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
