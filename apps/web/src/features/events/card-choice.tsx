import { Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { cardToken, useSavedCards } from './api/pay';

const NEW = 'new';

/** Which card an event checkout charges: one of the member's saved cards, or a card typed in. */
export function useCardChoice(enabled: boolean) {
  const cards = useSavedCards(enabled);
  const [choice, setChoice] = useState<string | null>(null);
  const [entry, setEntry] = useState({ number: '', expiry: '', cvc: '' });
  const saved = cards.data ?? [];
  const selected = choice ?? saved[0]?.id ?? NEW;
  return {
    saved,
    selected,
    setChoice,
    entry,
    setEntry,
    typing: selected === NEW,
    /** A new card is chosen and no number has been typed: there is nothing to charge. */
    blank: selected === NEW && !entry.number.trim(),
    /** The saved card's id, or the typed card as a processor token. */
    card: async (): Promise<string> => (selected === NEW ? await cardToken(entry) : selected),
  };
}

export type CardChoiceState = ReturnType<typeof useCardChoice>;

/** The saved cards as radio buttons, then a new card's fields when that one is chosen. */
export function CardChoice({ state, label, newCardLabel }: { state: CardChoiceState; label: string; newCardLabel: string }) {
  const { saved, selected, setChoice, entry, setEntry } = state;
  return (
    <>
      <Radio.Group label={label} value={selected} onChange={setChoice}>
        <Stack gap={6} mt={6}>
          {saved.map((c) => (
            <Radio key={c.id} value={c.id} label={`${c.brand} ending ${c.last4} (${String(c.exp_month).padStart(2, '0')}/${c.exp_year})`} />
          ))}
          <Radio value={NEW} label={newCardLabel} />
        </Stack>
      </Radio.Group>
      {state.typing && (
        <Stack gap="xs">
          <TextInput label="Card number" inputMode="numeric" autoComplete="cc-number" value={entry.number} onChange={(e) => setEntry({ ...entry, number: e.currentTarget.value })} maxLength={23} />
          <SimpleGrid cols={2} spacing="xs">
            <TextInput label="Expiry (MM/YY)" autoComplete="cc-exp" value={entry.expiry} onChange={(e) => setEntry({ ...entry, expiry: e.currentTarget.value })} maxLength={7} />
            <TextInput label="CVC" inputMode="numeric" autoComplete="cc-csc" value={entry.cvc} onChange={(e) => setEntry({ ...entry, cvc: e.currentTarget.value })} maxLength={4} />
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
