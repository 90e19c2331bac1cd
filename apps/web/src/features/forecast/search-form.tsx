import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

type Props = { term: string; busy: boolean; error: string | null; onSearch: (term: string) => void };

/** `term` is the search in the address bar; the field follows it when it changes from outside (a saved search, Back). */
export function SearchForm({ term, busy, error, onSearch }: Props) {
  const [value, setValue] = useState(term);
  const [followed, setFollowed] = useState(term);
  if (followed !== term) {
    setFollowed(term);
    setValue(term);
  }
  const empty = value.trim() === '';

  return (
    <form
      role="search"
      aria-label="Forecast search"
      onSubmit={(event) => {
        event.preventDefault();
        if (!empty) onSearch(value.trim());
      }}
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label="ZIP code, or city and state"
          placeholder="56401 or Brainerd, MN"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error ? true : undefined}
          aria-describedby={error ? 'forecast-search-error' : undefined}
          autoComplete="postal-code"
          enterKeyHint="search"
          maxLength={100}
        />
        <Button type="submit" disabled={empty} loading={busy} mt={25}>
          Search
        </Button>
      </Group>
      {error && (
        <Text id="forecast-search-error" c="red.8" size="sm" mt={6} role="alert">
          {error}
        </Text>
      )}
    </form>
  );
}
