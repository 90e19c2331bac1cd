import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showError } from '../../lib/alerts';
import type { ApiError } from '../../lib/api';
import { userKeys } from '../../lib/current-user';
import { removeSearchTerm } from './api';

export function SavedSearches({ terms, onSearch }: { terms: string[]; onSearch: (term: string) => void }) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: removeSearchTerm,
    onSuccess: (user) => client.setQueryData(userKeys.current, user),
    onError: (error) => showError((error as ApiError).message),
  });
  if (terms.length === 0) return null;

  return (
    <Group gap="xs" mt="sm" role="group" aria-label="Saved searches">
      <Text size="sm" c="dimmed">
        Saved searches:
      </Text>
      {terms.map((term) => (
        <Button.Group key={term}>
          <Button size="compact-sm" variant="light" onClick={() => onSearch(term)}>
            {term}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="gray"
            aria-label={`Remove saved search ${term}`}
            disabled={remove.isPending && remove.variables === term}
            onClick={() => remove.mutate(term)}
          >
            ×
          </Button>
        </Button.Group>
      ))}
    </Group>
  );
}
