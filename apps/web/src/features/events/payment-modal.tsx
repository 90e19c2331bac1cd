import { Alert, Button, Group, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { eventMessages } from '@tightlines/core/events/messages';
import { creationFeeCents } from '@tightlines/core/events/model';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { cardToken, useSavedCards } from './api/pay';
import type { WizardEvent } from './wizard-form';

/** How the creation fee is paid: a coupon, a card (a saved card's id or a new card's token), or both. */
export type Payment = { coupon?: string; card?: string };

type Props = {
  opened: boolean;
  event: WizardEvent;
  pending: boolean;
  onClose: () => void;
  onPay: (payment: Payment) => Promise<unknown>;
};

const NEW = 'new';

/** The creation fee's checkout: the fee from the table, a coupon code, and the card to charge. */
export function PaymentModal({ opened, event, pending, onClose, onPay }: Props) {
  const cards = useSavedCards(opened);
  const [choice, setChoice] = useState<string | null>(null);
  const [entry, setEntry] = useState({ number: '', expiry: '', cvc: '' });
  const [coupon, setCoupon] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fee = creationFeeCents(event.size, event.cost) / 100;
  const saved = cards.data ?? [];
  const selected = choice ?? saved[0]?.id ?? NEW;

  const pay = async () => {
    setError(null);
    setBusy(true);
    try {
      let card: string | undefined = selected === NEW ? undefined : selected;
      if (selected === NEW && entry.number.trim()) card = await cardToken(entry);
      await onPay({ coupon: coupon.trim() || undefined, card });
    } catch (e) {
      const reason = e instanceof ApiError ? (e.field('card') ?? e.message) : (e as Error).message;
      setError(e instanceof ApiError && e.status === 404 ? eventMessages.invalidCard : reason);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Creation fee" centered>
      <Stack gap="sm">
        <Text>
          Creating <strong>{event.name}</strong> costs <strong data-testid="fee-due">${fee}</strong>.
        </Text>
        <Radio.Group label="Pay with" value={selected} onChange={setChoice}>
          <Stack gap={6} mt={6}>
            {saved.map((c) => (
              <Radio key={c.id} value={c.id} label={`${c.brand} ending ${c.last4} (${String(c.exp_month).padStart(2, '0')}/${c.exp_year})`} />
            ))}
            <Radio value={NEW} label="A new card" />
          </Stack>
        </Radio.Group>
        {selected === NEW && (
          <Stack gap="xs">
            <TextInput label="Card number" inputMode="numeric" autoComplete="cc-number" value={entry.number} onChange={(e) => setEntry({ ...entry, number: e.currentTarget.value })} maxLength={23} />
            <SimpleGrid cols={2} spacing="xs">
              <TextInput label="Expiry (MM/YY)" autoComplete="cc-exp" value={entry.expiry} onChange={(e) => setEntry({ ...entry, expiry: e.currentTarget.value })} maxLength={7} />
              <TextInput label="CVC" inputMode="numeric" autoComplete="cc-csc" value={entry.cvc} onChange={(e) => setEntry({ ...entry, cvc: e.currentTarget.value })} maxLength={4} />
            </SimpleGrid>
          </Stack>
        )}
        <TextInput label="Coupon" value={coupon} onChange={(e) => setCoupon(e.currentTarget.value)} maxLength={60} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void pay()} loading={pending || busy}>
            Pay and create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
