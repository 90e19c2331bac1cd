import { Autocomplete, Button, CloseButton, Group, Pill, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLogTag } from './api/log-extras';
import { useTagMatches } from './use-matches';

type Props = { logId: string; tags: string[]; onChange: (tags: string[]) => void };

/** Tags of a saved log change at once on the server, like the seeds' add-tag-log and remove-tag-log. */
export function LogTagsPanel({ logId, tags, onChange }: Props) {
  const [draft, setDraft] = useState('');
  const matches = useTagMatches(draft);
  const change = useLogTag();
  const busy = change.isPending;

  const run = (action: 'add' | 'remove', tag: string) =>
    change.mutate(
      { action, id: logId, tag },
      {
        onSuccess: (next) => {
          onChange(next);
          if (action === 'add') setDraft('');
        },
      },
    );

  const add = () => {
    const tag = draft.trim();
    if (tag) run('add', tag);
  };

  return (
    <Stack gap="sm">
      {tags.length === 0 ? (
        <Text size="sm" c="dimmed">
          This log has no tags yet.
        </Text>
      ) : (
        <Group gap={6} aria-label="Tags of this log" role="list">
          {tags.map((tag) => (
            <Pill key={tag} size="lg" role="listitem">
              <Group gap={2} wrap="nowrap">
                {tag}
                <CloseButton size="xs" aria-label={`Remove the tag ${tag}`} disabled={busy} onClick={() => run('remove', tag)} />
              </Group>
            </Pill>
          ))}
        </Group>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Autocomplete
          label="Add a tag"
          placeholder="e.g. opener, night bite"
          value={draft}
          onChange={setDraft}
          data={matches}
          filter={({ options }) => options}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          style={{ flex: 1 }}
          maxLength={40}
        />
        <Button onClick={add} disabled={draft.trim() === ''} loading={busy}>
          Add
        </Button>
      </Group>
      {change.isError && (
        <Text size="sm" c="red.8" role="alert">
          {change.error.message}
        </Text>
      )}
    </Stack>
  );
}
