import { Alert, Badge, Button, Card, Group, Radio, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { discountedAmount, type PlanId } from '@tightlines/core/billing';
import { messages } from '@tightlines/core/messages';
import { useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { checkCoupon, usePlans } from '../../lib/billing';
import { useAddCard, useBillingOverview, useDeleteCard, useEndSubscription, useSubscribe } from './api/billing';
import { CardEntry, type CardEntryHandle } from '../../components/card-entry';
import { dollars, periodDate, planPrice } from '../../lib/money';

const OVER = ['canceled', 'incomplete_expired'];

/**
 * The seed's two steps: billing cards (list, add, delete, choose the active one), then the plan
 * (radios, promotion code, Save Subscription, or Update and Delete, and Cancel). One banner for
 * errors, one for successes; every button is guarded against a double submit.
 */
export function SubscriptionManager() {
  const overview = useBillingOverview();
  const plans = usePlans();
  const addCard = useAddCard();
  const deleteCard = useDeleteCard();
  const subscribe = useSubscribe();
  const end = useEndSubscription();
  const entry = useRef<CardEntryHandle>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [chosenCard, setChosenCard] = useState<string | null>(null);
  const [updating, setUpdating] = useState(false);
  const [plan, setPlan] = useState<PlanId | null>(null);
  const [code, setCode] = useState('');
  const [coupon, setCoupon] = useState<{ code: string; percent: number } | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);

  if (overview.isPending || plans.isPending) {
    return (
      <Stack aria-busy="true">
        <Skeleton height={120} />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (overview.isError || plans.isError) {
    return (
      <Alert color="red" role="alert">
        {(overview.error ?? plans.error)?.message}
      </Alert>
    );
  }

  const { cards, subscription, stripe } = overview.data;
  const live = subscription && !OVER.includes(subscription.status) ? subscription : null;
  const selected = chosenCard && cards.some((c) => c.id === chosenCard) ? chosenCard : (cards.at(-1)?.id ?? null);
  const currentPlan = plan ?? live?.plan.id ?? 'Monthly';
  const planView = plans.data.data.find((p) => p.id === currentPlan);
  const amount = planView ? discountedAmount(planView.amount, coupon?.percent) : 0;
  const busy = addCard.isPending || deleteCard.isPending || subscribe.isPending || end.isPending;

  const fail = (err: unknown) => {
    setSuccess(null);
    setError(err instanceof ApiError ? (err.field('card') && err.status === 402 ? `${err.message} ${err.field('card')}` : err.message) : (err as Error).message);
  };

  const saveCard = async () => {
    setError(null);
    try {
      const token = await entry.current!.tokenize();
      const card = await addCard.mutateAsync(token);
      setChosenCard(card.id);
      setAdding(false);
      setSuccess('Your card was added.');
    } catch (err) {
      fail(err);
    }
  };

  const applyCode = async () => {
    const value = code.trim();
    setCodeError(null);
    if (!value) {
      setCoupon(null);
      return;
    }
    try {
      const found = await checkCoupon(value);
      setCoupon({ code: found.code, percent: found.percent_off });
    } catch {
      setCoupon(null);
      setCodeError(messages.promoInvalid);
    }
  };

  const save = async () => {
    setError(null);
    if (!live && cards.length === 0) return fail(new Error(messages.cardRequired));
    if (!selected) return fail(new Error(messages.cardNotSelected));
    try {
      await subscribe.mutateAsync({ plan: currentPlan, card: selected, ...(coupon && !live ? { coupon: coupon.code } : {}) });
      setSuccess(live ? 'Your subscription was successfully updated.' : 'Your subscription was successfully created.');
      setUpdating(false);
    } catch (err) {
      fail(err);
    }
  };

  const remove = async () => {
    setError(null);
    try {
      const answer = await end.mutateAsync(live?.id);
      setSuccess(answer.message);
      setUpdating(false);
    } catch (err) {
      fail(err);
    }
  };

  return (
    <Stack gap="md">
      {error && (
        <Alert color="red" role="alert" title="Error" withCloseButton closeButtonLabel="Dismiss the error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {success && (
        <Alert color="green" role="status" title="Success" withCloseButton closeButtonLabel="Dismiss" onClose={() => setSuccess(null)}>
          {success}
        </Alert>
      )}

      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Step 1: Billing card
        </Title>
        {cards.length === 0 ? (
          <Text c="dimmed">No card on record yet.</Text>
        ) : (
          <Radio.Group value={selected} onChange={setChosenCard} label="Active card" aria-label="Active card">
            <Stack gap="xs" mt="xs">
              {cards.map((card) => (
                <Group key={card.id} justify="space-between" wrap="nowrap">
                  <Radio style={{ minWidth: 0 }} value={card.id} label={`${card.brand} ending in ${card.last4}, expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`} />
                  <Button variant="subtle" color="red" size="xs" style={{ flexShrink: 0 }} disabled={busy} onClick={() => deleteCard.mutate(card.id, { onError: fail, onSuccess: () => setSuccess('Your card was deleted.') })}>
                    Delete card
                  </Button>
                </Group>
              ))}
            </Stack>
          </Radio.Group>
        )}
        {adding ? (
          <Stack mt="md" gap="sm">
            <CardEntry ref={entry} mode={overview.data.mode} publishableKey={overview.data.publishableKey} withAddress />
            <Group>
              <Button onClick={() => void saveCard()} loading={addCard.isPending} disabled={busy}>
                Save card
              </Button>
              <Button variant="default" onClick={() => setAdding(false)} disabled={busy}>
                Cancel
              </Button>
            </Group>
          </Stack>
        ) : (
          <Button mt="md" variant="light" onClick={() => setAdding(true)}>
            Add card
          </Button>
        )}
      </Card>

      <Card withBorder padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Step 2: Subscription
          </Title>
          {live && (
            <Badge color={live.cancel_at_period_end ? 'gray' : 'teal'} variant="light" c={live.cancel_at_period_end ? 'gray.8' : 'teal.9'}>
              {live.plan.name}: {live.cancel_at_period_end ? `ends ${periodDate(live.current_period_end)}` : `renews ${periodDate(live.current_period_end)}`}
            </Badge>
          )}
        </Group>
        {overview.data.paysCash && (
          <Text size="sm" mb="sm">
            You pay in cash; a card subscription is optional.
          </Text>
        )}
        {live && !updating ? (
          <Stack gap="xs">
            <Text>
              You are subscribed to {live.plan.name} ({planPrice(live.plan)}).{' '}
              {live.cancel_at_period_end ? `Premium lasts until ${periodDate(live.current_period_end)}.` : `Next payment on ${periodDate(live.current_period_end)}.`}
            </Text>
            <Group>
              <Button onClick={() => setUpdating(true)}>Change subscription</Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Radio.Group label="Plan" value={currentPlan} onChange={(v) => setPlan(v as PlanId)}>
              <Stack gap={6} mt={6}>
                {plans.data.data.map((p) => (
                  <Radio key={p.id} value={p.id} label={`${p.name}: ${planPrice(p)}`} />
                ))}
              </Stack>
            </Radio.Group>
            {!live && (
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  label="Promotion code"
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                  onBlur={() => void applyCode()}
                  error={codeError}
                  style={{ flex: 1 }}
                />
                <Button variant="default" onClick={() => void applyCode()}>
                  Apply
                </Button>
              </Group>
            )}
            <Text fw={600} aria-live="polite">
              Total: {dollars(amount)}/{planView?.interval ?? 'month'}
              {coupon ? ` (${coupon.percent}% off with ${coupon.code})` : ''}
            </Text>
            <Group>
              {live ? (
                <>
                  <Button onClick={() => void save()} loading={subscribe.isPending} disabled={busy}>
                    Update
                  </Button>
                  <Button color="red" variant="light" onClick={() => void remove()} loading={end.isPending} disabled={busy || live.cancel_at_period_end}>
                    Delete
                  </Button>
                  <Button variant="default" onClick={() => setUpdating(false)} disabled={busy}>
                    Cancel
                  </Button>
                </>
              ) : (
                <Button onClick={() => void save()} loading={subscribe.isPending} disabled={busy}>
                  Save Subscription
                </Button>
              )}
            </Group>
          </Stack>
        )}
        {stripe.id && (
          <Text size="xs" c="dimmed" mt="sm">
            Customer {stripe.id}
          </Text>
        )}
      </Card>
    </Stack>
  );
}
