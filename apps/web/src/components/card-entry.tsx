import { Badge, Group, Input, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@tightlines/core/messages';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { ApiError } from '../lib/api';
import { testCardToken } from '../lib/billing';

/** Turns what the person typed into a card token (throws an Error whose message is fit to show); `empty` when nothing is typed yet. */
export type CardEntryHandle = { tokenize(): Promise<string>; empty(): boolean };

type Props = {
  mode: 'test' | 'stripe';
  publishableKey: string | null;
  /** The seed's billing address fields (street, unit, city, state, zip; country US). */
  withAddress?: boolean;
  ref?: Ref<CardEntryHandle>;
};

const EMPTY = { number: '', expiry: '', cvc: '', street: '', unit: '', city: '', state: '', zip: '' };

/** "12/29" or "12 / 2029" as month and four-digit year; null when it is not a date. */
function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

/**
 * The card form: in test mode our own fields, tokenised by the server's test processor (Stripe's
 * test numbers); with Stripe, Stripe's card Element, so the number never reaches our server.
 */
export function CardEntry({ mode, publishableKey, withAddress = false, ref }: Props) {
  const [values, setValues] = useState(EMPTY);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  const stripeEmpty = useRef(true);

  useEffect(() => {
    if (mode !== 'stripe' || !publishableKey) return;
    let cancelled = false;
    void import('@stripe/stripe-js').then(async ({ loadStripe }) => {
      const loaded = await loadStripe(publishableKey);
      if (!loaded || cancelled || !mount.current) return;
      const card = loaded.elements().create('card', { hidePostalCode: withAddress });
      card.on('change', (event) => {
        stripeEmpty.current = event.empty;
      });
      card.mount(mount.current);
      stripe.current = { stripe: loaded, card };
    });
    return () => {
      cancelled = true;
      stripe.current?.card.destroy();
      stripe.current = null;
    };
  }, [mode, publishableKey, withAddress]);

  // Deps keep the handle the same between keystrokes: a callback ref in state would loop otherwise.
  useImperativeHandle(ref, () => ({
    empty: () => (mode === 'stripe' ? stripeEmpty.current : !values.number.trim()),
    async tokenize() {
      setFieldError(null);
      if (mode === 'stripe') {
        if (!stripe.current) throw new Error(messages.cardInvalid);
        const result = await stripe.current.stripe.createToken(stripe.current.card, {
          address_line1: values.street,
          address_line2: values.unit,
          address_city: values.city,
          address_state: values.state,
          address_zip: values.zip,
          address_country: 'US',
        });
        if (result.error || !result.token) {
          setFieldError(result.error?.message ?? messages.cardError);
          throw new Error(messages.cardError);
        }
        return result.token.id;
      }
      const expiry = parseExpiry(values.expiry);
      if (!values.number.trim() || !expiry || !values.cvc.trim()) {
        throw new Error(messages.cardInvalid);
      }
      try {
        const { token } = await testCardToken({ number: values.number, exp_month: expiry.month, exp_year: expiry.year, cvc: values.cvc.trim() });
        return token;
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          setFieldError(error.message);
          throw new Error(messages.cardError, { cause: error });
        }
        throw error;
      }
    },
  }), [mode, values]);

  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      // Read now: React clears currentTarget before a state updater runs.
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
  });

  return (
    <Stack gap="xs">
      {mode === 'test' ? (
        <>
          <Group gap="xs">
            <Badge color="orange" variant="light" c="dark.8">
              Test mode
            </Badge>
            <Text size="xs" c="dimmed">
              No money moves. Try 4242 4242 4242 4242; 4000 0000 0000 0002 is declined.
            </Text>
          </Group>
          <TextInput label="Card number" inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" {...field('number')} error={fieldError} />
          <SimpleGrid cols={2} spacing="xs">
            <TextInput label="Expiry (MM/YY)" autoComplete="cc-exp" placeholder="12/30" {...field('expiry')} />
            <TextInput label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} {...field('cvc')} />
          </SimpleGrid>
        </>
      ) : (
        <Input.Wrapper label="Card" error={fieldError}>
          <div ref={mount} style={{ padding: '10px 12px', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }} />
        </Input.Wrapper>
      )}
      {withAddress && (
        <>
          <TextInput label="Street" autoComplete="address-line1" {...field('street')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <TextInput label="Unit" autoComplete="address-line2" {...field('unit')} />
            <TextInput label="City" autoComplete="address-level2" {...field('city')} />
            <TextInput label="State" autoComplete="address-level1" {...field('state')} />
            <TextInput label="Zip" autoComplete="postal-code" inputMode="numeric" {...field('zip')} />
          </SimpleGrid>
          <TextInput label="Country" value="US" readOnly disabled />
        </>
      )}
    </Stack>
  );
}
