import { Button, Card, CloseButton, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { myTagsQueryOptions } from '../../lib/my-tags';
import { useChangeTags } from './api/tags';

export function TagsTab() {
  const query = useQuery(myTagsQueryOptions());
  const [draft, setDraft] = useState('');
  const change = useChangeTags();
  const busy = change.isPending;
  const error = change.isError ? change.error.message : null;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const tag = draft.trim();
    if (tag) change.mutate({ action: 'add', tag }, { onSuccess: () => setDraft('') });
  };

  const tags = query.data ?? [];
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        Manage Tags
      </Title>
      <Text size="sm" mb="md">
        Tags group your logs (a trip, a technique, a spot). Removing a tag here takes it off every log.
      </Text>
      <form onSubmit={add} aria-label="Add a tag">
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput label="New tag" value={draft} onChange={(e) => setDraft(e.currentTarget.value)} maxLength={40} style={{ flex: 1 }} />
          <Button type="submit" disabled={draft.trim() === ''} loading={busy}>
            Add
          </Button>
        </Group>
      </form>
      {error && (
        <Text size="sm" c="red.8" role="alert" mt="xs">
          {error}
        </Text>
      )}
      <Stack gap={4} mt="md" role="list" aria-label="Your tags">
        {query.isPending ? (
          <Loader size="sm" aria-label="Loading your tags" />
        ) : query.isError ? (
          <Text size="sm" c="red.8" role="alert">
            {query.error.message}
          </Text>
        ) : tags.length === 0 ? (
          <Text size="sm" c="dimmed">
            You have no tags yet.
          </Text>
        ) : (
          tags.map((tag) => (
            <Group key={tag} justify="space-between" role="listitem" py={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
              <Text>{tag}</Text>
              <CloseButton aria-label={`Remove the tag ${tag}`} disabled={busy} onClick={() => change.mutate({ action: 'remove', tag })} />
            </Group>
          ))
        )}
      </Stack>
    </Card>
  );
}
