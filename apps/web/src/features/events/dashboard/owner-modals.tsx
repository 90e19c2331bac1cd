import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { EventView } from '@tightlines/core/api/events';
import { useState } from 'react';
import { findUser, useAddEntry, useEditOwners } from './owner-api';

const isTeam = (event: EventView) => event.subtype?.toLowerCase() === 'team';

/** + Entry: e-mail required; a team event asks for a team name and one e-mail per member. */
export function AddEntryModal({ event, opened, onClose }: { event: EventView; opened: boolean; onClose: () => void }) {
  const members = Math.max(event.teamSize ?? 2, 1);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [teamName, setTeamName] = useState('');
  const [team, setTeam] = useState<string[]>(() => Array.from({ length: members }, () => ''));
  const add = useAddEntry(event._id);
  const close = () => {
    add.reset();
    onClose();
  };
  const submit = () =>
    add.mutate(
      {
        user: { email, name },
        ...(isTeam(event) ? { teamName, team: { emails: team.filter(Boolean).map((value) => ({ value })) } } : {}),
      },
      {
        onSuccess: () => {
          setEmail('');
          setName('');
          setTeamName('');
          setTeam(team.map(() => ''));
          close();
        },
      },
    );
  return (
    <Modal opened={opened} onClose={close} title="Add entry">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {add.error && (
            <Alert color="red" role="alert">
              {add.error.message}
            </Alert>
          )}
          <TextInput label="Email" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
          {isTeam(event) && (
            <>
              <TextInput label="Team name" required value={teamName} onChange={(e) => setTeamName(e.currentTarget.value)} />
              {team.map((value, i) => (
                <TextInput key={i} label={`Team member ${i + 1} email`} type="email" value={value} onChange={(e) => setTeam(team.map((v, j) => (j === i ? e.currentTarget.value : v)))} />
              ))}
            </>
          )}
          <Group justify="end">
            <Button type="submit" loading={add.isPending}>
              Add entry
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type Owner = { email: string; username?: string | null; id?: string | null };

/** Edit Owners: add an owner by e-mail (looked up first), remove one, save the list. */
export function EditOwnersModal({ event, opened, onClose }: { event: EventView; opened: boolean; onClose: () => void }) {
  const [owners, setOwners] = useState<Owner[]>(() => event.owners.map((o) => ({ email: o.email ?? '', username: o.username, id: o.id })));
  const [email, setEmail] = useState('');
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const save = useEditOwners(event._id);
  const addOwner = async () => {
    setLookupError(null);
    setLooking(true);
    try {
      const found = await findUser(email.trim());
      if (!owners.some((o) => o.id === found.id)) setOwners([...owners, { email: email.trim(), ...found }]);
      setEmail('');
    } catch (error) {
      setLookupError((error as Error).message);
    } finally {
      setLooking(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Edit owners">
      <Stack gap="sm">
        {(lookupError ?? save.error) && (
          <Alert color="red" role="alert">
            {lookupError ?? save.error?.message}
          </Alert>
        )}
        {owners.map((o) => (
          <Group key={o.id ?? o.email} justify="space-between" wrap="nowrap">
            <Text size="sm" truncate>
              {o.username} {o.email ? `(${o.email})` : ''}
            </Text>
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${o.username ?? o.email}`} onClick={() => setOwners(owners.filter((x) => x !== o))}>
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group align="end" wrap="nowrap">
          <TextInput label="Add owner by email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button variant="light" onClick={() => void addOwner()} loading={looking} disabled={!email.trim()}>
            Add
          </Button>
        </Group>
        <Group justify="end">
          <Button onClick={() => save.mutate(owners, { onSuccess: onClose })} loading={save.isPending}>
            Save owners
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
