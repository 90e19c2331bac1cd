import { Radio, Stack } from '@mantine/core';
import { useRef, useState } from 'react';
import { CardEntry, type CardEntryHandle } from '../../components/card-entry';
import { usePlans } from '../../lib/billing';
import { useSavedCards } from './api/pay';

const NEW = 'new';

/**
 * Which card an event checkout charges: one of the member's saved cards, or a card typed in. Both
 * checkouts that use it charge through the platform's processor, so a new card is taken the way
 * billing takes one (Stripe's card Element, or the test processor's fields).
 */
export function useCardChoice(enabled: boolean) {
  const cards = useSavedCards(enabled);
  const plans = usePlans();
  const entry = useRef<CardEntryHandle>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const saved = cards.data ?? [];
  const selected = choice ?? saved[0]?.id ?? NEW;
  return {
    saved,
    selected,
    setChoice,
    entry,
    processor: plans.data ? { mode: plans.data.mode, publishableKey: plans.data.publishableKey } : null,
    /** A new card is chosen and nothing has been typed into it: there is nothing to charge. */
    blank: () => selected === NEW && (entry.current?.empty() ?? true),
    /** The saved card's id, or the typed card as a processor token. */
    card: async (): Promise<string> => (selected === NEW ? await entry.current!.tokenize() : selected),
  };
}

export type CardChoiceState = ReturnType<typeof useCardChoice>;

/** The saved cards as radio buttons, then a new card's fields when that one is chosen. */
export function CardChoice({ state, label, newCardLabel }: { state: CardChoiceState; label: string; newCardLabel: string }) {
  const { saved, selected, setChoice, entry, processor } = state;
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
      {selected === NEW && processor && <CardEntry ref={entry} mode={processor.mode} publishableKey={processor.publishableKey} />}
    </>
  );
}
