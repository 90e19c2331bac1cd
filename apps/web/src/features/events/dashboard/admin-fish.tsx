import { Alert, Button, FileButton, Group, Image, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { OwnerEntry } from '@tightlines/core/api/event-owner';
import type { EventView } from '@tightlines/core/api/events';
import { eventSpecies, MAX_FISH_SIZE } from '@tightlines/core/events/fish';
import { ownerMessages } from '@tightlines/core/events/owner';
import { useState } from 'react';
import { showSuccess } from '../../../lib/alerts';
import { uploadFishPhotoFor, useAdminEnterFish } from './owner-api';

type PhotoKind = 'measurement' | 'angler';
const PHOTO_LABELS: Record<PhotoKind, string> = { measurement: 'Fish on the bumperboard', angler: 'Angler holding the fish' };

/**
 * Enter Fish for an entry (admin/enter-fish): the angler's form, the owner uploading the two photos
 * the angler sent them (for the entry's account when it has one), and when it was caught (blank: now, or the end of an ended event).
 */
export function AdminFishModal({ event, entry, onClose }: { event: EventView; entry: OwnerEntry; onClose: () => void }) {
  const species = eventSpecies(event, [...event.pointRules, ...event.customPointRules]);
  const [form, setForm] = useState({ species: species.length === 1 ? (species[0] ?? '') : '', size: '' as number | string, lure: '', lake: event.lakes[0]?.name ?? '', caught: '' });
  const [photos, setPhotos] = useState<Record<PhotoKind, string | null>>({ measurement: null, angler: null });
  const [uploading, setUploading] = useState<PhotoKind | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const enter = useAdminEnterFish(event._id);

  const choose = async (kind: PhotoKind, file: File | null) => {
    if (!file) return;
    setUploading(kind);
    setUploadError(null);
    try {
      const { image } = await uploadFishPhotoFor(file, entry.uid);
      setPhotos((p) => ({ ...p, [kind]: image }));
    } catch (e) {
      setUploadError((e as Error).message);
    } finally {
      setUploading(null);
    }
  };

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
        photos,
      },
      {
        onSuccess: () => {
          onClose();
          showSuccess(ownerMessages.fishEntered(entry.name));
        },
      },
    );

  const error = uploadError ?? enter.error?.message;
  return (
    <Modal opened onClose={onClose} title={`Enter fish for ${entry.name}`} centered>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {species.length > 1 && (
            <Select label="Species" placeholder="Choose a species" data={species} value={form.species || null} onChange={(v) => setForm((f) => ({ ...f, species: v ?? '' }))} />
          )}
          <NumberInput label="Size (inches)" min={0} max={MAX_FISH_SIZE} decimalScale={2} value={form.size} onChange={(v) => setForm((f) => ({ ...f, size: v }))} />
          <TextInput label="Lure" value={form.lure} maxLength={120} onChange={(e) => {
              const lure = e.currentTarget.value;
              setForm((f) => ({ ...f, lure }));
            }} />
          {event.lakes.length > 0 && (
            <Select label="Lake" data={event.lakes.map((l) => l.name)} value={form.lake || null} onChange={(v) => setForm((f) => ({ ...f, lake: v ?? '' }))} />
          )}
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
        <Group grow align="flex-start">
          {(['measurement', 'angler'] as const).map((kind) => (
            <Stack key={kind} gap={4} align="center">
              <Text size="sm" fw={500} ta="center">
                {PHOTO_LABELS[kind]}
              </Text>
              {photos[kind] && <Image src={photos[kind]} alt={PHOTO_LABELS[kind]} h={90} w="auto" fit="contain" radius="sm" />}
              <FileButton onChange={(file) => void choose(kind, file)} accept="image/*">
                {(props) => (
                  <Button {...props} variant="light" size="xs" loading={uploading === kind} aria-label={`${photos[kind] ? 'Replace' : 'Add'} photo: ${PHOTO_LABELS[kind]}`}>
                    {photos[kind] ? 'Replace photo' : 'Add photo'}
                  </Button>
                )}
              </FileButton>
            </Stack>
          ))}
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={enter.isPending} disabled={uploading !== null}>
            Enter fish
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
