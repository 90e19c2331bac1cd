import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { eventMessages } from '@tightlines/core/events/messages';
import { creationFeeCents } from '@tightlines/core/events/model';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { CardChoice, useCardChoice } from './card-choice';
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

/** The creation fee's checkout: the fee from the table, a coupon code, and the card to charge. */
export function PaymentModal({ opened, event, pending, onClose, onPay }: Props) {
  const cardChoice = useCardChoice(opened);
  const [coupon, setCoupon] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fee = creationFeeCents(event.size, event.cost) / 100;

  const pay = async () => {
    setError(null);
    setBusy(true);
    try {
      const card = cardChoice.blank() ? undefined : await cardChoice.card();
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
        <CardChoice state={cardChoice} label="Pay with" newCardLabel="A new card" />
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
