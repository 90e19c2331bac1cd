import { Alert, Badge, Button, Collapse, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import type { OwnerEntry } from '@tightlines/core/api/event-owner';
import { useState } from 'react';

type Fish = OwnerEntry['fish'][number];
type Exif = NonNullable<Fish['exif']['measurement']>;

const when = (takenAt: string) => takenAt.replace('T', ' ');

function PhotoExif({ label, exif }: { label: string; exif: Exif | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" fw={600}>
        {label}
      </Text>
      {!exif || (!exif.takenAt && exif.lat === null && !exif.make && !exif.model) ? (
        <Text size="xs" c="dimmed">
          No camera data (a screenshot, or a photo stripped before upload).
        </Text>
      ) : (
        <>
          <Text size="xs">Taken: {exif.takenAt ? when(exif.takenAt) : 'no time'}</Text>
          <Text size="xs">Position: {exif.lat !== null && exif.lng !== null ? `${exif.lat.toFixed(5)}, ${exif.lng.toFixed(5)}` : 'none'}</Text>
          <Text size="xs">Camera: {[exif.make, exif.model].filter(Boolean).join(' ') || 'unknown'}</Text>
          {exif.software && <Text size="xs">Software: {exif.software}</Text>}
        </>
      )}
    </Stack>
  );
}

/**
 * The EXIF viewer of one fish: what each photo's camera said at upload (kept aside, never public),
 * and a warning when its time or place disagrees with the fish (docs/events.md, "EXIF viewer").
 */
export function PhotoData({ fish }: { fish: Fish }) {
  const [open, setOpen] = useState(false);
  const { disagreements } = fish.exif;
  return (
    <Stack gap={4} mt={4}>
      <Group gap="xs">
        <Button size="compact-xs" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Hide photo data' : 'Photo data'}
        </Button>
        {disagreements.length > 0 && (
          <Badge color="orange" variant="light">
            Photo data disagrees
          </Badge>
        )}
      </Group>
      <Collapse expanded={open}>
        <Stack gap={6}>
          {disagreements.length > 0 && (
            <Alert color="orange" p="xs">
              <List size="xs" spacing={2}>
                {disagreements.map((d) => (
                  <List.Item key={d}>{d}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <SimpleGrid cols={2} spacing="xs">
            <PhotoExif label="Measurement photo" exif={fish.exif.measurement} />
            <PhotoExif label="Angler photo" exif={fish.exif.angler} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Fish entered {new Date(fish.date).toLocaleString()}
            {fish.lat !== null && fish.lng !== null ? ` at ${fish.lat.toFixed(5)}, ${fish.lng.toFixed(5)}` : ', no position'}
            {fish.enteredBy ? ` by ${fish.enteredBy}` : ''}.
          </Text>
        </Stack>
      </Collapse>
    </Stack>
  );
}
