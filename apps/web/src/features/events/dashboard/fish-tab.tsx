import { Alert, Anchor, Badge, Button, Card, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { OwnerEntry } from '@tightlines/core/api/event-owner';
import { useState } from 'react';
import { useDeleteFish, useEditFish, useFlagFish } from './owner-api';
import { PhotoData } from './photo-data';

type Fish = OwnerEntry['fish'][number];

export function FishTab({ eventId, entries }: { eventId: string; entries: OwnerEntry[] }) {
  const flag = useFlagFish(eventId);
  const remove = useDeleteFish(eventId);
  const [editing, setEditing] = useState<{ entry: OwnerEntry; fish: Fish } | null>(null);
  const rows = entries.flatMap((entry) => entry.fish.map((fish) => ({ entry, fish })));
  if (rows.length === 0) return <Alert color="gray">No fish entered yet.</Alert>;
  const error = flag.error ?? remove.error;
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {rows.map(({ entry, fish }) => (
          <Card key={fish._id} withBorder padding="sm" data-testid="fish-card" data-fish={fish._id} bg={fish.flag ? 'var(--mantine-color-red-0)' : undefined}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} truncate>
                {fish.memberName ?? entry.name}
              </Text>
              {fish.flag && <Badge color="red">Flagged</Badge>}
            </Group>
            <Text size="sm">
              {fish.species ?? 'Fish'} · {fish.size} in · {fish.points} pts
            </Text>
            <Text size="sm" c="dimmed">
              {new Date(fish.date).toLocaleString()} {fish.lake ? `· ${fish.lake.name}` : ''} {fish.lure ? `· ${fish.lure}` : ''}
            </Text>
            <Group gap="xs" mt={4}>
              {fish.photos.measurement && (
                <Anchor href={fish.photos.measurement} target="_blank" size="sm">
                  Measurement photo
                </Anchor>
              )}
              {fish.photos.angler && (
                <Anchor href={fish.photos.angler} target="_blank" size="sm">
                  Angler photo
                </Anchor>
              )}
            </Group>
            <PhotoData fish={fish} />
            <Group gap="xs" mt="xs">
              <Button
                size="xs"
                color={fish.flag ? 'gray' : 'red'}
                variant="light"
                loading={flag.isPending && flag.variables?.fishId === fish._id}
                onClick={() => flag.mutate({ fishId: fish._id, uid: entry.uid, flag: !fish.flag })}
              >
                {fish.flag ? 'Unflag' : 'Flag'}
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing({ entry, fish })}>
                Edit
              </Button>
              <Button size="xs" variant="subtle" color="red" loading={remove.isPending && remove.variables?.fishId === fish._id} onClick={() => remove.mutate({ fishId: fish._id, uid: entry.uid })}>
                Delete
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      {editing && <EditFishModal key={editing.fish._id} eventId={eventId} {...editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function EditFishModal({ eventId, entry, fish, onClose }: { eventId: string; entry: OwnerEntry; fish: Fish; onClose: () => void }) {
  const [size, setSize] = useState<number | string>(fish.size);
  const [points, setPoints] = useState<number | string>(fish.points);
  const [species, setSpecies] = useState(fish.species ?? '');
  const [lure, setLure] = useState(fish.lure ?? '');
  const [total, setTotal] = useState<number | string>(entry.pointsOverride?.points ?? '');
  const edit = useEditFish(eventId);
  const save = () =>
    edit.mutate(
      {
        entryId: entry._id,
        fishId: fish._id,
        fish: { size: Number(size), points: Number(points), species: species || null, lure: lure || null },
        // Blank clears an earlier override; the server adds the fish up itself.
        totalPoints: total === '' ? null : Number(total),
      },
      { onSuccess: onClose },
    );
  return (
    <Modal opened onClose={onClose} title={`Fish of ${entry.name}`}>
      <Stack gap="sm">
        {edit.error && (
          <Alert color="red" role="alert">
            {edit.error.message}
          </Alert>
        )}
        <SimpleGrid cols={2} spacing="xs">
          <NumberInput label="Size (in)" min={0} max={60} decimalScale={2} value={size} onChange={setSize} />
          <NumberInput label="Points" min={0} decimalScale={2} value={points} onChange={setPoints} />
          <TextInput label="Species" value={species} onChange={(e) => setSpecies(e.currentTarget.value)} />
          <TextInput label="Lure" value={lure} onChange={(e) => setLure(e.currentTarget.value)} />
        </SimpleGrid>
        <NumberInput label="Entry total (optional override)" description="Leave blank to use the fish’s points." decimalScale={2} value={total} onChange={setTotal} />
        {entry.pointsOverride && (
          <Text size="sm" c="dimmed">
            Total set to {entry.pointsOverride.points} by {entry.pointsOverride.by ?? 'a former owner'} on {new Date(entry.pointsOverride.at).toLocaleString()} (fish add up to{' '}
            {entry.pointsOverride.fishPoints}).
          </Text>
        )}
        <Group justify="end">
          <Button onClick={save} loading={edit.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
