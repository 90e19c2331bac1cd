import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { creationFeeCents } from '@tightlines/core/events/model';
import { useState } from 'react';
import type { WizardEvent } from './wizard-form';

/** How the creation fee is paid: a coupon, a card token, or both. */
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
  const [coupon, setCoupon] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fee = creationFeeCents(event.size, event.cost) / 100;
  const pay = async () => {
    setError(null);
    try {
      await onPay({ coupon: coupon.trim() || undefined });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Creation fee" centered>
      <Stack gap="sm">
        <Text>
          Creating <strong>{event.name}</strong> costs <strong data-testid="fee-due">${fee}</strong>.
        </Text>
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
          <Button onClick={() => void pay()} loading={pending}>
            Pay and create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
