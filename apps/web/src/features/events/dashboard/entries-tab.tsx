import { Alert, Badge, Button, Card, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { OwnerEntry } from '@tightlines/core/api/event-owner';
import type { EventView } from '@tightlines/core/api/events';
import { entryTypeOf } from '@tightlines/core/events/owner';
import { useState } from 'react';
import { AdminFishModal } from './admin-fish';
import { useAdminCheckin, useEditEntry, useRemoveEntry, useUserCheck } from './owner-api';

const ADD_ONS = [
  ['raffle', 'Raffle'],
  ['hat', 'Hat'],
  ['bumpboard', 'Bumpboard'],
  ['shirt', 'Shirt'],
] as const;

type AddOns = Partial<Record<(typeof ADD_ONS)[number][0], number>> & Record<string, unknown>;

export function EntriesTab({ event, entries, total, running }: { event: EventView; entries: OwnerEntry[]; total: number; running: boolean }) {
  const [open, setOpen] = useState<string | null>(null);
  const [fishFor, setFishFor] = useState<OwnerEntry | null>(null);
  const current = entries.find((e) => e._id === open) ?? null;
  if (total === 0) return <Alert color="gray">No entries yet. Add one with + Entry.</Alert>;
  if (entries.length === 0) return <Alert color="gray">No entries match these filters.</Alert>;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {entries.map((entry) => (
          <Card key={entry._id} withBorder padding="sm" data-testid="entry-card">
            <Group justify="space-between" wrap="nowrap" align="start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {entry.id ? `#${entry.id} ` : ''}
                  {entry.name}
                </Text>
                <Text size="sm" c="dimmed" truncate>
                  {entry.email}
                </Text>
              </div>
              <Text fw={700} aria-label="Points">
                {entry.points} pts
              </Text>
            </Group>
            <Group gap={4} mt="xs">
              {entry.team && <Badge variant="light">{entry.team.name}</Badge>}
              {entryTypeOf(entry.customFields) && <Badge variant="light">{entryTypeOf(entry.customFields)}</Badge>}
              <CheckinBadge entry={entry} />
              <Badge variant="light" color="blue">
                {entry.fish.length} fish
              </Badge>
              {entry.customFields.shipped === true && <Badge color="teal">Packet Shipped</Badge>}
              {entry.linked && <Badge color="grape">Linked</Badge>}
              {entry.pointsOverride && <Badge color="orange">Total set by owner</Badge>}
            </Group>
            <Button mt="sm" size="xs" variant="light" onClick={() => setOpen(entry._id)}>
              Details
            </Button>
          </Card>
        ))}
      </SimpleGrid>
      {current && (
        <EntryModal
          key={current._id}
          eventId={event._id}
          entry={current}
          running={running}
          onEnterFish={() => {
            setOpen(null);
            setFishFor(current);
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {fishFor && <AdminFishModal key={fishFor._id} event={event} entry={fishFor} onClose={() => setFishFor(null)} />}
    </>
  );
}

function EntryModal({
  eventId,
  entry,
  running,
  onEnterFish,
  onClose,
}: {
  eventId: string;
  entry: OwnerEntry;
  running: boolean;
  onEnterFish: () => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(entry.name);
  const [email, setEmail] = useState(entry.email);
  const [tid, setTid] = useState(entry.id ?? '');
  const [addOns, setAddOns] = useState<AddOns>(() => ({ ...((entry.customFields.addOns as AddOns | undefined) ?? {}) }));
  const [shipped, setShipped] = useState(entry.customFields.shipped === true);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const edit = useEditEntry(eventId);
  const remove = useRemoveEntry(eventId);
  const link = useUserCheck(eventId);
  const checkin = useAdminCheckin(eventId);
  const error = edit.error ?? remove.error ?? link.error ?? checkin.error;

  const save = () =>
    edit.mutate(
      { _id: entry._id, name, email, id: tid || null, customFields: { ...entry.customFields, shipped, addOns } },
      { onSuccess: onClose },
    );

  return (
    <Modal opened onClose={onClose} title={`Entry: ${entry.name}`} size="lg">
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput label="Email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <TextInput label="ID" value={tid} onChange={(e) => setTid(e.currentTarget.value)} />
        </SimpleGrid>
        {checkin.data && (
          <Alert color="green" role="status">
            {checkin.data.message}
          </Alert>
        )}
        <Group gap="xs">
          <Button
            variant="light"
            loading={checkin.isPending}
            disabled={!running}
            onClick={() => checkin.mutate(entry.email)}
          >
            Check in
          </Button>
          <Button variant="light" onClick={onEnterFish}>
            Enter fish
          </Button>
          <Text size="sm" c="dimmed">
            {entry.checkins.length > 0 ? `Last check-in ${new Date(entry.checkins[entry.checkins.length - 1]!.date).toLocaleString()}` : 'Not checked in'}
          </Text>
        </Group>
        <Group gap="xs">
          <Button variant={shipped ? 'filled' : 'default'} color="teal" onClick={() => setShipped((s) => !s)} aria-pressed={shipped}>
            {shipped ? 'Packet Shipped' : 'Not shipped'}
          </Button>
        </Group>
        <Text fw={600} size="sm">
          Add Ons
        </Text>
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
          {ADD_ONS.map(([key, label]) =>
            typeof addOns[key] === 'number' ? (
              <NumberInput key={key} label={label} min={0} max={20} value={addOns[key]} onChange={(v) => setAddOns((a) => ({ ...a, [key]: Number(v) || 0 }))} />
            ) : (
              // A new add-on starts at quantity 1 (seed 002 section 4).
              <Button key={key} variant="default" mt={24} onClick={() => setAddOns((a) => ({ ...a, [key]: 1 }))}>
                + {label}
              </Button>
            ),
          )}
        </SimpleGrid>
        <Group gap="xs">
          <Text size="sm">Account: {entry.linked ? `linked${entry.username ? ` to ${entry.username}` : ''}` : 'not linked'}</Text>
          <Button size="xs" variant="subtle" loading={link.isPending} onClick={() => link.mutate([{ email: entry.email, linked: !entry.linked }])}>
            {entry.linked ? 'Unlink' : 'Link to account'}
          </Button>
          {!entry.linked && (link.data as Array<{ account: boolean }> | undefined)?.[0]?.account === false && <Text size="sm">No account uses this email.</Text>}
        </Group>
        {entry.group.length > 0 && (
          <Text size="sm">
            Team: {entry.group.map((g) => g.email ?? g.name).join(', ')}
          </Text>
        )}
        {Object.keys(entry.customFields).length > 0 && (
          <details>
            <summary>Form fields</summary>
            <Stack gap={2} mt="xs">
              {Object.entries(entry.customFields)
                .filter(([k]) => k !== 'addOns')
                .map(([k, v]) => (
                  <Text key={k} size="sm">
                    {k}: {typeof v === 'object' ? JSON.stringify(v) : String(v)}
                  </Text>
                ))}
            </Stack>
          </details>
        )}
        <Group justify="space-between" mt="sm">
          {confirmDelete ? (
            <Group gap="xs">
              <Text size="sm">Delete this entry and its fish?</Text>
              <Button color="red" size="xs" loading={remove.isPending} onClick={() => remove.mutate(entry._id, { onSuccess: onClose })}>
                Yes, delete
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirmDelete(false)}>
                Keep
              </Button>
            </Group>
          ) : (
            <Button color="red" variant="light" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          )}
          <Button onClick={save} loading={edit.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Checked in now (a check-in is running), earlier (every check-in has run out), or never. */
function CheckinBadge({ entry }: { entry: OwnerEntry }) {
  if (entry.checkedIn) {
    return (
      <Badge variant="light" color="green">
        Checked in
      </Badge>
    );
  }
  return (
    <Badge variant="light" color={entry.checkins.length > 0 ? 'yellow' : 'gray'}>
      {entry.checkins.length > 0 ? 'Checked in earlier' : 'Not checked in'}
    </Badge>
  );
}
