import { Alert, Button, FileButton, Group, Image, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import type { EventView } from '@tightlines/core/api/events';
import { eventSpecies, MAX_FISH_SIZE } from '@tightlines/core/events/fish';
import { eventMessages } from '@tightlines/core/events/messages';
import { useState } from 'react';
import { showError, showSuccess } from '../../lib/alerts';
import { currentPosition } from '../../lib/geolocation';
import { useEnterFish, useUploadFishPhoto } from './api/enter-fish';

type PhotoKind = 'measurement' | 'angler';
const PHOTO_LABELS: Record<PhotoKind, string> = {
  measurement: 'Fish on the bumperboard',
  angler: 'You holding your fish',
};

/**
 * The Enter Fish form: species (when the event has several), size, lure, lake and the two photos,
 * each uploaded as it is chosen. The server checks every rule again; its message shows in an
 * alert and under the form.
 */
export function FishEntryModal({ event, opened, onClose }: { event: EventView; opened: boolean; onClose: () => void }) {
  const species = eventSpecies(event, [...event.pointRules, ...event.customPointRules]);
  const [form, setForm] = useState({ species: species.length === 1 ? (species[0] ?? '') : '', size: '' as number | string, lure: '', lake: event.lakes[0]?.name ?? '' });
  const [photos, setPhotos] = useState<Record<PhotoKind, string | null>>({ measurement: null, angler: null });
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadFishPhoto();
  const enter = useEnterFish();
  const [uploading, setUploading] = useState<PhotoKind | null>(null);
  // The value is read while the event is being handled: React clears currentTarget before a state updater runs.
  const change = (field: 'lure' | 'lake', value: string) => setForm((f) => ({ ...f, [field]: value }));

  const choose = async (kind: PhotoKind, file: File | null) => {
    if (!file) return;
    setUploading(kind);
    try {
      const { image } = await upload.mutateAsync(file);
      setPhotos((p) => ({ ...p, [kind]: image }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setUploading(null);
    }
  };

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
          photos,
        },
      });
      setPhotos({ measurement: null, angler: null });
      setForm((f) => ({ ...f, size: '', lure: '' }));
      onClose();
      showSuccess(eventMessages.fishEntered, 'Success');
    } catch (e) {
      const message = (e as Error).message;
      setError(message);
      showError(message);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Enter Fish" centered>
      <Stack gap="sm">
        {species.length > 1 && (
          <Select label="Species" placeholder="Choose a species" data={species} value={form.species || null} onChange={(v) => setForm((f) => ({ ...f, species: v ?? '' }))} />
        )}
        <NumberInput
          label="Size (inches)"
          min={0}
          max={MAX_FISH_SIZE}
          decimalScale={2}
          value={form.size}
          onChange={(v) => setForm((f) => ({ ...f, size: v }))}
        />
        <TextInput label="Lure" value={form.lure} maxLength={120} onChange={(e) => change('lure', e.currentTarget.value)} />
        {event.lakes.length > 0 ? (
          <Select label="Lake" data={event.lakes.map((l) => l.name)} value={form.lake || null} onChange={(v) => setForm((f) => ({ ...f, lake: v ?? '' }))} />
        ) : (
          <TextInput label="Lake" value={form.lake} maxLength={120} onChange={(e) => change('lake', e.currentTarget.value)} />
        )}
        <Text size="xs" c="dimmed">
          Today&apos;s keycode must show in both photos.
        </Text>
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
          <Button onClick={() => void submit()} loading={enter.isPending} disabled={uploading !== null}>
            Submit Fish
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
