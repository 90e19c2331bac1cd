import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import type { CircleFilters, InnerCircleUser } from '@tightlines/core/circle';
import { useState } from 'react';
import { showError, showSuccess } from '../../lib/alerts';
import { useEditCircleMember, useRemoveFromCircle } from './api/change-circle';

type Props = {
  member: InnerCircleUser | null;
  /** The Lakes and Tags tabs show only while the page's filters are shown (seed 001). */
  filtersShown: boolean;
  onClose: () => void;
};

/** Manage one member of my circle: what they may see (lakes, tags), or remove them. */
export function MemberDialog({ member, filtersShown, onClose }: Props) {
  return (
    <Modal opened={member !== null} onClose={onClose} title={member?.username ?? ''} centered size="md">
      {member && <MemberForm key={member._id} member={member} filtersShown={filtersShown} onClose={onClose} />}
    </Modal>
  );
}

function MemberForm({ member, filtersShown, onClose }: { member: InnerCircleUser; filtersShown: boolean; onClose: () => void }) {
  const [filters, setFilters] = useState<CircleFilters>(member.filters);
  const edit = useEditCircleMember();
  const remove = useRemoveFromCircle();

  const setAll = (type: 'lakes' | 'tags', value: boolean) =>
    setFilters((current) => current.map((f) => (f.type === type ? { ...f, allowed: f.allowed.map((i) => ({ ...i, value })) } : f)));
  const setOne = (type: 'lakes' | 'tags', name: string, value: boolean) =>
    setFilters((current) =>
      current.map((f) => (f.type === type ? { ...f, allowed: f.allowed.map((i) => (i.name === name ? { ...i, value } : i)) } : f)),
    );

  const save = () =>
    edit.mutate(
      { username: member.username, _id: member._id, filters },
      { onSuccess: (answer) => showSuccess(answer.message), onError: (error) => showError(error.message) },
    );
  const drop = () =>
    remove.mutate(member.username, {
      onSuccess: onClose,
      onError: (error) => showError(error.message),
    });

  const checklist = (type: 'lakes' | 'tags', empty: string) => {
    const items = filters.find((f) => f.type === type)?.allowed ?? [];
    if (items.length === 0) return <Text c="dimmed" size="sm">{empty}</Text>;
    return (
      <Stack gap="xs">
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => setAll(type, true)}>
            Select All
          </Button>
          <Button size="xs" variant="default" onClick={() => setAll(type, false)}>
            Clear All
          </Button>
        </Group>
        <ScrollArea.Autosize mah={280}>
          <Stack gap={6}>
            {items.map((item) => (
              <Checkbox key={item.name} label={item.name} checked={item.value} onChange={(e) => setOne(type, item.name, e.currentTarget.checked)} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {member.email ? `${member.email} · ` : ''}sees {member.totalLogs} of your logs. Private logs are never shared.
      </Text>
      {filtersShown && (
        <Tabs defaultValue="lakes">
          <Tabs.List mb="sm">
            <Tabs.Tab value="lakes">Lakes</Tabs.Tab>
            <Tabs.Tab value="tags">Tags</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="lakes">{checklist('lakes', 'You have no lakes in your logs yet. New lakes are shared unless you turn them off.')}</Tabs.Panel>
          <Tabs.Panel value="tags">
            <Text size="xs" c="dimmed" mb="xs">
              A log with a tag that is not ticked stays hidden from this friend.
            </Text>
            {checklist('tags', 'You have no tags yet.')}
          </Tabs.Panel>
        </Tabs>
      )}
      <Group justify="space-between">
        <Button color="red" variant="light" onClick={drop} loading={remove.isPending}>
          Remove
        </Button>
        {filtersShown && (
          <Button onClick={save} loading={edit.isPending}>
            Save
          </Button>
        )}
      </Group>
    </Stack>
  );
}
