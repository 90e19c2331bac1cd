import { Autocomplete, Button, CloseButton, Group, Pill, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ApiError } from '../../lib/api';
import { addLogTag, removeLogTag } from './api';
import { useTagMatches } from './use-matches';

type Props = { logId: string; tags: string[]; onChange: (tags: string[]) => void };

/** Tags of a saved log change at once on the server, like the seeds' add-tag-log and remove-tag-log. */
export function LogTagsPanel({ logId, tags, onChange }: Props) {
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = useTagMatches(draft);

  const run = async (call: () => Promise<string[]>) => {
    setBusy(true);
    setError(null);
    try {
      onChange(await call());
      return true;
    } catch (e) {
      setError((e as ApiError).message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async () => {
    const tag = draft.trim();
    if (tag && (await run(() => addLogTag(logId, tag)))) setDraft('');
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
                <CloseButton size="xs" aria-label={`Remove the tag ${tag}`} disabled={busy} onClick={() => void run(() => removeLogTag(logId, tag))} />
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
              void add();
            }
          }}
          style={{ flex: 1 }}
          maxLength={40}
        />
        <Button onClick={() => void add()} disabled={draft.trim() === ''} loading={busy}>
          Add
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
