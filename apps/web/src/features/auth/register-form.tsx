import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { discountedAmount } from '@tightlines/core/discount';
import { messages } from '@tightlines/core/messages';
import { lazy, Suspense, useState } from 'react';
import type { CardEntryHandle } from '../../components/card-entry';
import { useLink } from '../../components/link';
import type { ApiError } from '../../lib/api';
import { checkCoupon, type Plans } from '../../lib/billing';
import { dollars, planPrice } from '../../lib/money';
import { useRegister, type RegisterBody } from './api/sign-in';

type Props = {
  /** `paid`: the paid-plan form was shown and a plan bought (the seed then goes to /dashboard). */
  onRegistered?: (paid: boolean) => void;
  /** Called as the account is sent, with whether a plan is being bought: where to go is known before sign-in re-renders. */
  onSubmitting?: (paid: boolean) => void;
  compact?: boolean;
  /** The cash variant: an Admin password field and no subscription form. */
  cash?: boolean;
  /** A promotion code from /register/{coupon} or ?coupon=. */
  coupon?: string | undefined;
  /** The paid plans on offer (none on the compact and cash forms), once the server has said which. */
  plans?: Plans | undefined;
};

/** Only a paid plan shows the card: its code (and Stripe's loader) loads when one is chosen, not with the landing. */
const CardEntry = lazy(() => import('../../components/card-entry').then((m) => ({ default: m.CardEntry })));

const FIELDS = ['username', 'email', 'password', 'passwordConfirm'] as const;

export function RegisterForm({ onRegistered, onSubmitting, compact = false, cash = false, coupon: givenCoupon, plans }: Props) {
  const registration = useRegister();
  const Link = useLink();
  // Kept in state (a callback ref) so the submit handler reads no ref during render.
  const [card, setCard] = useState<CardEntryHandle | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const [percentOff, setPercentOff] = useState<number | null>(null);
  const form = useForm<Required<Pick<RegisterBody, (typeof FIELDS)[number]>> & { plan: string; ageConfirmed: boolean; coupon: string; admin: string }>({
    initialValues: {
      username: '',
      email: '',
      password: '',
      passwordConfirm: '',
      plan: givenCoupon && !compact && !cash ? 'Monthly' : 'Free',
      ageConfirmed: false,
      coupon: givenCoupon ?? '',
      admin: '',
    },
    validate: {
      ageConfirmed: (v) => (v ? null : 'Please confirm that you are at least 13 years of age.'),
    },
  });
  const paid = !compact && !cash && form.values.plan !== 'Free';
  const chosenPlan = plans?.data.find((p) => p.id === form.values.plan);

  const applyCoupon = async () => {
    const code = form.values.coupon.trim();
    form.clearFieldError('coupon');
    setPercentOff(null);
    if (!code) return;
    try {
      setPercentOff((await checkCoupon(code)).percent_off);
    } catch {
      form.setFieldError('coupon', messages.promoInvalid);
    }
  };

  const submit = form.onSubmit(async (values) => {
    setError(null);
    if (FIELDS.some((f) => values[f].trim() === '') || (cash && values.admin.trim() === '')) {
      setError(messages.allFieldsRequired);
      return;
    }
    if (values.password !== values.passwordConfirm) {
      form.setFieldError('passwordConfirm', messages.passwordsMustMatch);
      return;
    }
    let paymentToken: string | undefined;
    if (paid) {
      setTokenizing(true);
      try {
        if (!card) throw new Error(messages.cardInvalid);
        paymentToken = await card.tokenize();
      } catch (err) {
        setError((err as Error).message);
        return;
      } finally {
        setTokenizing(false);
      }
    }
    const plan = values.plan === 'Monthly' || values.plan === 'Yearly2020' ? values.plan : undefined;
    onSubmitting?.(paid);
    try {
      await registration.run({
        username: values.username,
        email: values.email,
        password: values.password,
        passwordConfirm: values.passwordConfirm,
        ...(cash && { admin: values.admin }),
        ...(paid && plan && paymentToken && { plan, paymentToken, ...(values.coupon.trim() && { coupon: values.coupon.trim() }) }),
      });
    } catch (err) {
      const failure = err as ApiError;
      const field = [...FIELDS, 'admin' as const, 'coupon' as const].find((f) => failure.field?.(f));
      if (field) form.setFieldError(field, failure.field(field));
      setError(field ? null : failure.message);
      return;
    }
    // Awaited rather than a mutate callback: signing in re-renders the visitor-only route away, and
    // a callback of an unmounted form would never run, so the seed's destination would be lost.
    onRegistered?.(paid);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Register">
      <fieldset disabled={registration.pending || tokenizing} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert" variant="light">
              {error}
            </Alert>
          )}
          <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="new-password" description="At least 8 characters" {...form.getInputProps('password')} />
          <PasswordInput label="Confirm password" autoComplete="new-password" {...form.getInputProps('passwordConfirm')} />
          {cash && <PasswordInput label="Admin password" autoComplete="off" {...form.getInputProps('admin')} />}
          {!compact && !cash && (
            <Radio.Group label="Plan" {...form.getInputProps('plan')}>
              <Stack gap={6} mt={6}>
                <Radio value="Free" label="Free: 5 logs a month, forecasts, trip analysis" />
                {(plans?.data ?? []).map((p) => (
                  <Radio key={p.id} value={p.id} label={`${p.name}: ${planPrice(p)}`} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {paid && plans && (
            <Stack gap="xs">
              <Suspense fallback={null}>
                <CardEntry ref={setCard} mode={plans.mode} publishableKey={plans.publishableKey} />
              </Suspense>
              <TextInput label="Promotion code" {...form.getInputProps('coupon')} onBlur={() => void applyCoupon()} />
              {chosenPlan && (
                <Text size="sm" fw={600} aria-live="polite">
                  Today: {dollars(discountedAmount(chosenPlan.amount, percentOff))}
                  {percentOff ? ` (${percentOff}% off)` : ''}, then {planPrice({ ...chosenPlan, amount: discountedAmount(chosenPlan.amount, percentOff) })}
                </Text>
              )}
            </Stack>
          )}
          <Checkbox label="I am at least 13 years of age" {...form.getInputProps('ageConfirmed', { type: 'checkbox' })} />
          <Group justify="space-between" mt="xs">
            <Button type="submit" loading={registration.pending || tokenizing}>
              Register
            </Button>
            <Anchor component={Link} to="/login-register?action=login" size="sm">
              Already have an account? Log in
            </Anchor>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
