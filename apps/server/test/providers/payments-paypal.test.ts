import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePayPal, type FakePayPal } from '@tightlines/testkit/paypal';
import { PaymentError } from '../../src/providers/payments/payments';
import { PayPalClient } from '../../src/providers/payments/paypal';

const errors: Array<Record<string, unknown>> = [];
const log = { error: (obj: Record<string, unknown>) => void errors.push(obj) };
let fake: FakePayPal;
let paypal: PayPalClient;

beforeAll(async () => {
  fake = await startFakePayPal();
  paypal = new PayPalClient({ baseUrl: fake.url, clientId: fake.clientId, secret: fake.secret, log });
});
afterAll(() => fake.close());

describe('the PayPal adapter (Orders v2) on a loopback PayPal', () => {
  it('takes an OAuth token with the client credentials once and reuses it', async () => {
    await paypal.clientToken();
    await paypal.clientToken();
    const tokenCalls = fake.requests.filter((r) => r.url === '/v1/oauth2/token');
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]!.body).toBe('grant_type=client_credentials');
  });

  it('creates an order for the amount in USD, reads it back, captures it once and refunds it', async () => {
    const order = await paypal.createOrder({ amountCents: 13_050, customId: 'event-1', description: 'Entry', payeeEmail: 'club@example.com', requestId: 'r-1' });
    expect(order).toMatchObject({ status: 'CREATED', currency: 'USD', amountCents: 13_050, customId: 'event-1' });
    expect(order.links.find((l) => l.rel === 'approve')).toBeTruthy();
    const sent = JSON.parse(fake.requests.at(-1)!.body) as { purchase_units: Array<{ amount: unknown; payee: unknown }> };
    expect(sent.purchase_units[0]).toMatchObject({ amount: { currency_code: 'USD', value: '130.50' }, payee: { email_address: 'club@example.com' } });

    // Not approved yet: PayPal refuses the capture and says why.
    await expect(paypal.captureOrder(order.id, 'cap-1')).rejects.toMatchObject({ kind: 'declined', code: 'ORDER_NOT_APPROVED' });
    fake.approve(order.id);
    expect((await paypal.getOrder(order.id)).status).toBe('APPROVED');
    const captured = await paypal.captureOrder(order.id, 'cap-2');
    expect(captured.status).toBe('COMPLETED');
    expect(captured.capture).toMatchObject({ status: 'COMPLETED', amountCents: 13_050, currency: 'USD' });
    // The same request id answers the first capture; a new one is refused as already captured.
    expect((await paypal.captureOrder(order.id, 'cap-2')).capture?.id).toBe(captured.capture!.id);
    await expect(paypal.captureOrder(order.id, 'cap-3')).rejects.toMatchObject({ code: 'ORDER_ALREADY_CAPTURED' });

    expect(await paypal.refundCapture(captured.capture!.id, 'refund-1')).toBe('COMPLETED');
    expect(fake.refunds).toEqual([expect.objectContaining({ captureId: captured.capture!.id })]);
  });

  it('answers a retried create with the same order', async () => {
    const a = await paypal.createOrder({ amountCents: 500, customId: 'e', description: 'x', payeeEmail: null, requestId: 'same' });
    const b = await paypal.createOrder({ amountCents: 500, customId: 'e', description: 'x', payeeEmail: null, requestId: 'same' });
    expect(b.id).toBe(a.id);
  });

  it('turns PayPal’s errors into clear payment errors and logs them', async () => {
    errors.length = 0;
    await expect(paypal.getOrder('NOSUCHORDER')).rejects.toMatchObject({ kind: 'invalid', code: 'INVALID_RESOURCE_ID' });
    expect(errors.at(-1)).toMatchObject({ status: 404, issue: 'INVALID_RESOURCE_ID' });
    fake.failNext('/v2/checkout/orders');
    const down = await paypal.getOrder('ANY').catch((e: unknown) => e);
    expect(down).toBeInstanceOf(PaymentError);
    expect(down).toMatchObject({ kind: 'unavailable', message: 'PayPal is not answering. Please try again in a moment.' });
  });

  it('refuses wrong client credentials', async () => {
    const wrong = new PayPalClient({ baseUrl: fake.url, clientId: fake.clientId, secret: 'nope', log });
    await expect(wrong.clientToken()).rejects.toMatchObject({ kind: 'invalid', code: 'invalid_client' });
  });

  it('says PayPal is not answering when nothing listens', async () => {
    const gone = new PayPalClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'a', secret: 'b', log, timeoutMs: 2000 });
    await expect(gone.clientToken()).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
