import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { OwnerEntry } from '@tightlines/core/api/event-owner';
import type { EventView } from '@tightlines/core/api/events';
import { ownerMessages } from '@tightlines/core/events/owner';
import { useState } from 'react';
import { showSuccess } from '../../../lib/alerts';
import { blankFish, FishFields, FishPhotoPickers, useFishPhotos } from '../fish-fields';
import { uploadFishPhotoFor, useAdminEnterFish } from './owner-api';

const PHOTO_LABELS = { measurement: 'Fish on the bumperboard', angler: 'Angler holding the fish' };

/**
 * Enter Fish for an entry (admin/enter-fish): the angler's fish, the owner uploading the two photos
 * the angler sent them (for the entry's account when it has one), and when it was caught (blank: now, or the end of an ended event).
 */
export function AdminFishModal({ event, entry, onClose }: { event: EventView; entry: OwnerEntry; onClose: () => void }) {
  const [form, setForm] = useState(() => ({ ...blankFish(event), caught: '' }));
  const photos = useFishPhotos((file) => uploadFishPhotoFor(file, entry.uid));
  const enter = useAdminEnterFish(event._id);

  const submit = () =>
    enter.mutate(
      {
        entryId: entry._id,
        userId: entry.uid,
        userEmail: entry.email,
        userName: entry.name,
        species: form.species || null,
        size: Number(form.size) || 0,
        lure: form.lure || null,
        lake: form.lake || null,
        tz: event.tz,
        // The owner's clock reads the time they type; the server gets the instant.
        date: form.caught ? new Date(form.caught).toISOString() : null,
        photos: photos.photos,
      },
      {
        onSuccess: () => {
          onClose();
          showSuccess(ownerMessages.fishEntered(entry.name));
        },
      },
    );

  const error = photos.error ?? enter.error?.message;
  return (
    <Modal opened onClose={onClose} title={`Enter fish for ${entry.name}`} centered>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <FishFields event={event} value={form} onChange={(change) => setForm((f) => ({ ...f, ...change }))} />
          <TextInput
            type="datetime-local"
            label="Caught at"
            description="Blank: now"
            value={form.caught}
            onChange={(e) => {
              const caught = e.currentTarget.value;
              setForm((f) => ({ ...f, caught }));
            }}
          />
        </SimpleGrid>
        <FishPhotoPickers labels={PHOTO_LABELS} state={photos} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={enter.isPending} disabled={photos.uploading !== null}>
            Enter fish
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
