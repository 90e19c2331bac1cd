import { Button, FileButton, Group, Image, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import type { EventView } from '@tightlines/core/api/events';
import { eventSpecies, MAX_FISH_SIZE } from '@tightlines/core/events/fish';
import { useState } from 'react';

export type FishFieldValues = { species: string; size: number | string; lure: string; lake: string };
export type PhotoKind = 'measurement' | 'angler';
type FishPhotos = Record<PhotoKind, string | null>;

const NO_PHOTOS: FishPhotos = { measurement: null, angler: null };

const speciesOf = (event: EventView) => eventSpecies(event, [...event.pointRules, ...event.customPointRules]);

/** A blank fish: the event's species when it has only one, and its first lake. */
export function blankFish(event: EventView): FishFieldValues {
  const species = speciesOf(event);
  return { species: species.length === 1 ? (species[0] ?? '') : '', size: '', lure: '', lake: event.lakes[0]?.name ?? '' };
}

/**
 * The fish itself, as the angler's Enter Fish and the owner's Enter fish ask for it: species (when
 * the event has several), size, lure and lake. Without a lake list, `typedLake` lets the lake be
 * typed; otherwise the field is left out.
 */
export function FishFields({
  event,
  value,
  onChange,
  typedLake = false,
}: {
  event: EventView;
  value: FishFieldValues;
  onChange: (change: Partial<FishFieldValues>) => void;
  typedLake?: boolean;
}) {
  const species = speciesOf(event);
  return (
    <>
      {species.length > 1 && (
        <Select label="Species" placeholder="Choose a species" data={species} value={value.species || null} onChange={(v) => onChange({ species: v ?? '' })} />
      )}
      <NumberInput label="Size (inches)" min={0} max={MAX_FISH_SIZE} decimalScale={2} value={value.size} onChange={(size) => onChange({ size })} />
      <TextInput label="Lure" value={value.lure} maxLength={120} onChange={(e) => onChange({ lure: e.currentTarget.value })} />
      {event.lakes.length > 0 ? (
        <Select label="Lake" data={event.lakes.map((l) => l.name)} value={value.lake || null} onChange={(v) => onChange({ lake: v ?? '' })} />
      ) : (
        typedLake && <TextInput label="Lake" value={value.lake} maxLength={120} onChange={(e) => onChange({ lake: e.currentTarget.value })} />
      )}
    </>
  );
}

/** The two photos of a fish, each uploaded as soon as it is chosen, and the upload's error. */
export function useFishPhotos(upload: (file: File) => Promise<{ image: string }>) {
  const [photos, setPhotos] = useState<FishPhotos>(NO_PHOTOS);
  const [uploading, setUploading] = useState<PhotoKind | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (kind: PhotoKind, file: File | null) => {
    if (!file) return;
    setUploading(kind);
    setError(null);
    try {
      const { image } = await upload(file);
      setPhotos((p) => ({ ...p, [kind]: image }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setUploading(null);
    }
  };
  const reset = () => {
    setPhotos(NO_PHOTOS);
    setError(null);
  };
  return { photos, uploading, error, choose, reset };
}

/** A picker per photo: its label, the chosen photo, and Add or Replace. */
export function FishPhotoPickers({ labels, state }: { labels: Record<PhotoKind, string>; state: ReturnType<typeof useFishPhotos> }) {
  const { photos, uploading, choose } = state;
  return (
    <Group grow align="flex-start">
      {(['measurement', 'angler'] as const).map((kind) => (
        <Stack key={kind} gap={4} align="center">
          <Text size="sm" fw={500} ta="center">
            {labels[kind]}
          </Text>
          {photos[kind] && <Image src={photos[kind]} alt={labels[kind]} h={90} w="auto" fit="contain" radius="sm" />}
          <FileButton onChange={(file) => void choose(kind, file)} accept="image/*">
            {(props) => (
              <Button {...props} variant="light" size="xs" loading={uploading === kind} aria-label={`${photos[kind] ? 'Replace' : 'Add'} photo: ${labels[kind]}`}>
                {photos[kind] ? 'Replace photo' : 'Add photo'}
              </Button>
            )}
          </FileButton>
        </Stack>
      ))}
    </Group>
  );
}
