import { Button, Group, Text, TextInput } from '@mantine/core';
import { messages } from '@tightlines/core/messages';
import { useState, type FormEvent } from 'react';
import { chooseSearchedPlace } from '../../lib/geolocation';
import { useSubmitMutation } from '../../lib/submit-mutation';
import { findPlace } from './api/find-place';

/** Seed 000's last resort: nothing knows where the angler is, so they say it. */
export function PlaceSearch() {
  const [term, setTerm] = useState('');
  const search = useSubmitMutation({ mutationFn: findPlace, onSuccess: chooseSearchedPlace });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (term.trim()) search.mutate(term.trim());
  };
  return (
    <form onSubmit={submit} aria-label="Find your place">
      <Text size="sm" fw={600} mt="xs">
        {messages.geolocationUnavailable}
      </Text>
      <Group gap="xs" mt={6} align="flex-start">
        <TextInput
          aria-label="ZIP code, or city and state"
          placeholder="ZIP code, or city and state"
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          error={search.error?.message}
          size="sm"
        />
        <Button type="submit" size="sm" disabled={!term.trim()} loading={search.isPending}>
          Search
        </Button>
      </Group>
    </form>
  );
}
