import { Alert, Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import * as payments from '@tightlines/core/api/event-payments';
import { isConnectedAccount } from '@tightlines/core/events/model';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CardEntry, type CardEntryHandle } from '../../../components/card-entry';
import { LoadingPage } from '../../../components/loading-page';
import { Page } from '../../../components/page';
import { ApiError, call } from '../../../lib/api';
import { usePlans } from '../../../lib/billing';
import { useEvent } from '../api/get-event';

type NativeWindow = Window & {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { PaymentComplete?: { postMessage(message: string): void } } };
};

/** Tells the app around this page that the payment went through (React Native, iOS WKWebView, or an opener). */
function postPaymentComplete() {
  const w = window as NativeWindow;
  w.ReactNativeWebView?.postMessage('PaymentComplete');
  w.webkit?.messageHandlers?.PaymentComplete?.postMessage('PaymentComplete');
  if (window.opener && window.opener !== window) (window.opener as Window).postMessage('PaymentComplete', '*');
  if (window.parent !== window) window.parent.postMessage('PaymentComplete', '*');
}

/**
 * The mobile apps' checkout (/mobile-checkout/{eventId}?t=...): the app opens it with its session
 * token; the page shows the event and its cost, takes a card, pays and registers, then says the
 * window can be closed and tells the app.
 */
export function MobileCheckoutPage() {
  const { eventId = '' } = useParams();
  const [query] = useSearchParams();
  const t = query.get('t') ?? '';
  const user = useQuery({
    queryKey: ['mobile-checkout', 'user', t],
    queryFn: () => call(payments.userByToken, { query: { t } }),
    enabled: t.length > 0,
    retry: false,
  });
  const event = useEvent(eventId);
  const plans = usePlans();
  const card = useRef<CardEntryHandle>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [paid, setPaid] = useState(false);

  useEffect(() => {
    if (paid) postPaymentComplete();
  }, [paid]);

  if (!t) return <Page title="Checkout"><Alert color="red">This checkout link is missing its sign-in. Please open it again from the app.</Alert></Page>;
  if (user.isPending || event.isPending || plans.isPending) return <LoadingPage />;
  if (user.isError) return <Page title="Checkout"><Alert color="red">Your session has expired. Please open the checkout again from the app.</Alert></Page>;
  if (event.isError) return <Page title="Checkout"><Alert color="red">{event.error.message}</Alert></Page>;

  const e = event.data;
  // As the server charges: a connected account through the platform's processor, a pasted key with
  // its own publishable key, otherwise the test processor.
  const connected = e.paymentProcessor === 'Stripe' && isConnectedAccount(e.paymentProcessorKey);
  const ownStripe = !connected && e.paymentProcessor === 'Stripe' && e.hasPaymentProcessorSecret && !!e.paymentProcessorKey;
  const processor = connected
    ? { mode: plans.data?.mode ?? 'test', publishableKey: plans.data?.publishableKey ?? null }
    : { mode: ownStripe ? ('stripe' as const) : ('test' as const), publishableKey: ownStripe ? e.paymentProcessorKey : null };
  const pay = async () => {
    setError(null);
    setBusy(true);
    try {
      const token = await card.current!.tokenize();
      await call(payments.eventCharge, { params: { id: eventId }, body: { token, t } });
      setPaid(true);
    } catch (err) {
      setError(err instanceof ApiError ? (err.field('card') ?? err.message) : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title="Checkout" size="sm">
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {e.name}
          </Title>
          <Text>
            Entry fee: <strong data-testid="checkout-cost">${e.cost.toFixed(2)}</strong>
          </Text>
          <Text size="sm" c="dimmed">
            Paying as {user.data.username}
          </Text>
          {paid ? (
            <Alert color="green" role="status" title="Payment complete">
              Your payment is complete. You can close this window to return to the app.
            </Alert>
          ) : (
            <>
              <CardEntry ref={card} mode={processor.mode} publishableKey={processor.publishableKey} />
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Button onClick={() => void pay()} loading={busy} fullWidth>
                Pay ${e.cost.toFixed(2)}
              </Button>
            </>
          )}
          <Anchor href={`tightlines://event/${encodeURIComponent(eventId)}`}>Open the event in the app</Anchor>
          <Anchor component={Link} to={`/event/${encodeURIComponent(eventId)}`}>
            View the event
          </Anchor>
        </Stack>
      </Card>
    </Page>
  );
}
