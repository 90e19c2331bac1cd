import crypto from 'node:crypto';
import type { NewsletterList } from './list';

type Options = { url: string; apiKey: string; listId: string; timeoutMs?: number };

/**
 * Mailchimp's Marketing API v3: one "add or update list member" call (PUT
 * /lists/{list_id}/members/{subscriber_hash}, the hash being the MD5 of the lower-cased address),
 * so a repeat or an out-of-order call leaves the member in the state we sent last.
 */
export class MailchimpList implements NewsletterList {
  constructor(private readonly options: Options) {}

  subscribe(email: string): Promise<void> {
    return this.put(email, 'subscribed');
  }

  unsubscribe(email: string): Promise<void> {
    return this.put(email, 'unsubscribed');
  }

  private async put(email: string, status: 'subscribed' | 'unsubscribed'): Promise<void> {
    const address = email.trim().toLowerCase();
    const hash = crypto.createHash('md5').update(address).digest('hex');
    const { url, apiKey, listId, timeoutMs = 10_000 } = this.options;
    const response = await fetch(`${url}/lists/${encodeURIComponent(listId)}/members/${hash}`, {
      method: 'PUT',
      headers: {
        authorization: `Basic ${Buffer.from(`tightlines:${apiKey}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email_address: address, status_if_new: status, status }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      const detail = await response.text().catch(() => '');
      throw new Error(`Mailchimp answered ${response.status}: ${detail.slice(0, 300)}`);
    }
  }
}
