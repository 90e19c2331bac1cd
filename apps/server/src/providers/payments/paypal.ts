import { PaymentError } from './payments';

/**
 * PayPal's REST API for event entry fees (Orders v2): an OAuth token from the app's client id and
 * secret, orders created with the amount the server computed, read back, captured and refunded.
 * The base URL is configurable (sandbox, live, or a loopback server in tests).
 */
export type PayPalSettings = {
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com. */
  baseUrl: string;
  clientId: string;
  secret: string;
  log: { error(obj: Record<string, unknown>, msg: string): void };
  timeoutMs?: number;
};

export type PayPalOrderStatus = 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';

/** An order as far as we act on it: its status, what it is for and what was captured. */
export type PayPalOrder = {
  id: string;
  status: PayPalOrderStatus | string;
  currency: string | null;
  /** The purchase unit's amount in cents. */
  amountCents: number | null;
  /** The purchase unit's custom_id: our event id, set when we created the order. */
  customId: string | null;
  capture: { id: string; status: string; amountCents: number; currency: string } | null;
  links: Array<{ href: string; rel: string; method?: string }>;
};

type Json = Record<string, unknown>;

const cents = (value: unknown): number | null => {
  if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const [whole, frac = ''] = value.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
};
const dollars = (amountCents: number) => `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;

function orderOf(body: Json): PayPalOrder {
  const unit = (Array.isArray(body.purchase_units) ? body.purchase_units[0] : undefined) as Json | undefined;
  const amount = unit?.amount as Json | undefined;
  const captures = ((unit?.payments as Json | undefined)?.captures ?? []) as Json[];
  const capture = captures[0];
  const captureAmount = capture?.amount as Json | undefined;
  return {
    id: String(body.id ?? ''),
    status: String(body.status ?? ''),
    currency: typeof amount?.currency_code === 'string' ? amount.currency_code : null,
    amountCents: cents(amount?.value),
    customId: typeof unit?.custom_id === 'string' ? unit.custom_id : null,
    capture: capture
      ? {
          id: String(capture.id ?? ''),
          status: String(capture.status ?? ''),
          amountCents: cents(captureAmount?.value) ?? 0,
          currency: String(captureAmount?.currency_code ?? ''),
        }
      : null,
    links: Array.isArray(body.links) ? (body.links as PayPalOrder['links']) : [],
  };
}

export class PayPalClient {
  private token: { value: string; expires: number } | null = null;

  constructor(private readonly settings: PayPalSettings) {}

  get clientId(): string {
    return this.settings.clientId;
  }

  /** A bearer token for the app, reused until a minute before PayPal says it expires. */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expires > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.secret}`).toString('base64');
    const body = await this.send('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const value = body.access_token;
    if (typeof value !== 'string') throw this.unavailable('PayPal answered no access token', body);
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300;
    this.token = { value, expires: Date.now() + Math.max(0, seconds - 60) * 1000 };
    return value;
  }

  /** The browser's client token for PayPal's card fields (POST /v1/identity/generate-token). */
  async clientToken(): Promise<string> {
    const body = await this.authed('/v1/identity/generate-token', { method: 'POST', body: '{}' });
    if (typeof body.client_token !== 'string') throw this.unavailable('PayPal answered no client token', body);
    return body.client_token;
  }

  /** Creates an order for exactly this amount in USD; the request id makes a retry answer the same order. */
  async createOrder(input: { amountCents: number; customId: string; description: string; payeeEmail: string | null; requestId: string }) {
    const body = await this.authed('/v2/checkout/orders', {
      method: 'POST',
      headers: { 'paypal-request-id': input.requestId },
      body: JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [
          {
            amount: { currency_code: 'USD', value: dollars(input.amountCents) },
            custom_id: input.customId,
            description: input.description.slice(0, 127),
            ...(input.payeeEmail && { payee: { email_address: input.payeeEmail } }),
          },
        ],
      }),
    });
    return orderOf(body);
  }

  async getOrder(orderId: string): Promise<PayPalOrder> {
    return orderOf(await this.authed(`/v2/checkout/orders/${encodeURIComponent(orderId)}`, { method: 'GET' }));
  }

  /** Captures an approved order; the same request id answers the first capture instead of a second one. */
  async captureOrder(orderId: string, requestId: string): Promise<PayPalOrder> {
    const body = await this.authed(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
      method: 'POST',
      headers: { 'paypal-request-id': requestId },
      body: '{}',
    });
    return orderOf(body);
  }

  /** Refunds a capture in full. */
  async refundCapture(captureId: string, requestId: string): Promise<string> {
    const body = await this.authed(`/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
      method: 'POST',
      headers: { 'paypal-request-id': requestId },
      body: '{}',
    });
    return String(body.status ?? '');
  }

  private async authed(path: string, init: { method: string; headers?: Record<string, string>; body?: string }): Promise<Json> {
    const token = await this.accessToken();
    return this.send(path, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    });
  }

  private async send(path: string, init: { method: string; headers?: Record<string, string>; body?: string }): Promise<Json> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.settings.baseUrl), {
        ...init,
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 20_000),
      });
    } catch (error) {
      this.settings.log.error({ err: error, path }, 'PayPal is not answering');
      throw new PaymentError('unavailable', 'PayPal is not answering. Please try again in a moment.');
    }
    const text = await response.text();
    let body: Json;
    try {
      body = text ? (JSON.parse(text) as Json) : {};
    } catch {
      throw this.unavailable('PayPal answered something other than JSON', { status: response.status, path });
    }
    if (response.ok) return body;
    // PayPal's error body: { name, message, debug_id, details: [{ issue, description }] }.
    const detail = (Array.isArray(body.details) ? body.details[0] : undefined) as Json | undefined;
    const issue = typeof detail?.issue === 'string' ? detail.issue : typeof body.error === 'string' ? body.error : String(body.name ?? response.status);
    const description =
      typeof detail?.description === 'string' ? detail.description : typeof body.message === 'string' ? body.message : typeof body.error_description === 'string' ? body.error_description : 'PayPal refused the request.';
    this.settings.log.error({ status: response.status, path, issue, debugId: body.debug_id }, 'PayPal refused a request');
    if (response.status >= 500 || response.status === 429) throw new PaymentError('unavailable', 'PayPal is not answering. Please try again in a moment.', issue);
    if (response.status === 401) this.token = null;
    throw new PaymentError(response.status === 422 ? 'declined' : 'invalid', `PayPal: ${description}`, issue);
  }

  private unavailable(what: string, detail: Json): PaymentError {
    this.settings.log.error(detail, what);
    return new PaymentError('unavailable', 'PayPal is not answering. Please try again in a moment.');
  }
}
