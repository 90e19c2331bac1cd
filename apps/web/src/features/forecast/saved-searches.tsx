import { Button, Group, Text } from '@mantine/core';
import { showError } from '../../lib/alerts';
import { useRemoveSearchTerm } from './api/remove-search-term';

export function SavedSearches({ terms, onSearch }: { terms: string[]; onSearch: (term: string) => void }) {
  const remove = useRemoveSearchTerm();
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
            // One removal at a time: each answer is the whole list of saved searches.
            disabled={remove.isPending}
            loading={remove.isPending && remove.variables === term}
            onClick={() => remove.mutate(term, { onError: (error) => showError(error.message) })}
          >
            ×
          </Button>
        </Button.Group>
      ))}
    </Group>
  );
}
