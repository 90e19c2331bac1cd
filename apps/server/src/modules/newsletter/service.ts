import type { Principal } from '../../access/principal';
import { badRequest, HttpError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { newToken, sha256 } from '../../lib/secrets';
import type { Mailer } from '../../providers/mail/mailer';
import type { NewsletterList } from '../../providers/newsletter/list';
import type { NewsletterRepo, SubscriberRow } from './repo';

export const NEWSLETTER = {
  subscribed: 'You are subscribed to the Tightlines newsletter.',
  confirmSent: 'Almost done: we sent you an email. Follow the link inside it to confirm your subscription.',
  confirmNotSent: 'We could not send the confirmation email just now. Please try again in a few minutes.',
  unsubscribed: 'You are unsubscribed. You will not get the newsletter any more.',
  badLink: 'That link is not valid or has already been used.',
  emailNeeded: 'Please enter your email to subscribe.',
} as const;

type State = { subscribed: boolean; pending: boolean; message: string };

type Deps = {
  repo: NewsletterRepo;
  mailer: Mailer;
  /** The list service, when one is configured. */
  list: NewsletterList | null;
  publicUrl: string;
  log: { error(obj: Record<string, unknown>, msg: string): void };
  now: () => Date;
};

/**
 * The newsletter list: our own table is the truth (double opt-in for visitors, at once for
 * members), copied to the list service when one is configured. A failed copy is logged and does
 * not undo the member's choice.
 */
export class NewsletterService {
  constructor(private readonly deps: Deps) {}

  private async mine(principal: Principal): Promise<SubscriberRow | undefined> {
    return (await this.deps.repo.findByUser(principal.userId)) ?? (await this.deps.repo.findByEmail(principal.email));
  }


  async status(principal: Principal): Promise<{ subscribed: boolean }> {
    return { subscribed: await this.isSubscribed({ id: principal.userId, email: principal.email }) };
  }

  async isSubscribed(user: { id: string; email: string }): Promise<boolean> {
    const row = (await this.deps.repo.findByUser(user.id)) ?? (await this.deps.repo.findByEmail(user.email));
    return row?.status === 'subscribed';
  }

  async subscribe(principal: Principal | null, email: string | undefined): Promise<State> {
    if (principal) return this.subscribeMember(principal);
    if (!email) throw badRequest(NEWSLETTER.emailNeeded, { email: { type: NEWSLETTER.emailNeeded } });
    return this.subscribeVisitor(email);
  }

  async setMember(principal: Principal, subscribed: boolean): Promise<State> {
    return subscribed ? this.subscribeMember(principal) : this.unsubscribeMember(principal);
  }

  private async subscribeMember(principal: Principal): Promise<State> {
    const now = this.deps.now();
    const existing = await this.mine(principal);
    if (existing?.status === 'subscribed') return { subscribed: true, pending: false, message: NEWSLETTER.subscribed };
    const row = existing
      ? await this.deps.repo.update(existing.id, { status: 'subscribed', confirmTokenHash: null, userId: principal.userId, email: principal.email }, now)
      : await this.insertOrRead({ email: principal.email, userId: principal.userId, status: 'subscribed', confirmTokenHash: null, unsubscribeToken: newToken() });
    await this.sync(row.email, true);
    await this.mail(row, 'You are subscribed to the Tightlines newsletter', [
      'Thank you for subscribing to the Tightlines newsletter.',
      'Twice a month: seasonal patterns, solunar highlights, new features and upcoming events.',
    ]);
    return { subscribed: true, pending: false, message: NEWSLETTER.subscribed };
  }

  /**
   * Answers the same whether or not the address is on the list, so the form cannot be used to
   * learn who subscribes; an address already confirmed gets no mail.
   */
  private async subscribeVisitor(email: string): Promise<State> {
    const now = this.deps.now();
    const confirm = newToken();
    const existing = await this.deps.repo.findByEmail(email);
    if (existing?.status === 'subscribed') return { subscribed: false, pending: true, message: NEWSLETTER.confirmSent };
    const row = existing
      ? await this.deps.repo.update(existing.id, { status: 'pending', confirmTokenHash: sha256(confirm) }, now)
      : await this.insertOrRead({ email, userId: null, status: 'pending', confirmTokenHash: sha256(confirm), unsubscribeToken: newToken() });
    if (row.confirmTokenHash === sha256(confirm)) {
      try {
        await this.send(row, 'Confirm your Tightlines newsletter subscription', [
          'Someone, hopefully you, asked to get the Tightlines newsletter at this address.',
          `To confirm, open this link: ${this.deps.publicUrl}/newsletter?confirm=${confirm}`,
          '',
          'If it was not you, ignore this email: nothing is sent until the link is followed.',
        ]);
      } catch (error) {
        // Without the mail the visitor cannot confirm: they are told so, and a new try mails a new link.
        this.deps.log.error({ err: error }, 'newsletter confirmation mail failed');
        throw new HttpError(502, NEWSLETTER.confirmNotSent);
      }
    }
    return { subscribed: false, pending: true, message: NEWSLETTER.confirmSent };
  }

  /** Two sign-ups of one address at once: the unique index keeps one row, which both then use. */
  private async insertOrRead(values: Parameters<NewsletterRepo['insert']>[0]): Promise<SubscriberRow> {
    try {
      return await this.deps.repo.insert(values);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const row = await this.deps.repo.findByEmail(values.email);
      if (!row) throw error;
      return row;
    }
  }

  async confirm(token: string): Promise<State> {
    const row = await this.deps.repo.findByConfirmToken(sha256(token));
    if (!row || row.status !== 'pending') throw badRequest(NEWSLETTER.badLink);
    const updated = await this.deps.repo.update(row.id, { status: 'subscribed', confirmTokenHash: null }, this.deps.now());
    await this.sync(updated.email, true);
    await this.mail(updated, 'Welcome to the Tightlines newsletter', ['Your subscription is confirmed. Welcome aboard, and tight lines!']);
    return { subscribed: true, pending: false, message: NEWSLETTER.subscribed };
  }

  private async unsubscribeMember(principal: Principal): Promise<State> {
    const row = await this.mine(principal);
    if (row && row.status !== 'unsubscribed') await this.unsubscribeRow(row);
    return { subscribed: false, pending: false, message: NEWSLETTER.unsubscribed };
  }

  async unsubscribeByLink(token: string): Promise<State> {
    const row = await this.deps.repo.findByUnsubscribeToken(token);
    if (!row) throw badRequest(NEWSLETTER.badLink);
    if (row.status !== 'unsubscribed') await this.unsubscribeRow(row);
    return { subscribed: false, pending: false, message: NEWSLETTER.unsubscribed };
  }

  private async unsubscribeRow(row: SubscriberRow): Promise<void> {
    await this.deps.repo.update(row.id, { status: 'unsubscribed', confirmTokenHash: null }, this.deps.now());
    await this.sync(row.email, false);
  }

  private async sync(email: string, subscribed: boolean): Promise<void> {
    const list = this.deps.list;
    if (!list) return;
    try {
      await (subscribed ? list.subscribe(email) : list.unsubscribe(email));
    } catch (error) {
      this.deps.log.error({ err: error }, 'newsletter list sync failed');
    }
  }

  /** Every newsletter mail ends with the link that unsubscribes without signing in. */
  private async send(row: SubscriberRow, subject: string, lines: string[]): Promise<void> {
    const unsubscribe = `${this.deps.publicUrl}/newsletter?unsubscribe=${row.unsubscribeToken}`;
    await this.deps.mailer.send({ to: row.email, subject, text: [...lines, '', `Unsubscribe at any time: ${unsubscribe}`].join('\n') });
  }

  /** A mail that only tells of what is already done: a failure is logged and changes nothing. */
  private async mail(row: SubscriberRow, subject: string, lines: string[]): Promise<void> {
    try {
      await this.send(row, subject, lines);
    } catch (error) {
      this.deps.log.error({ err: error }, 'newsletter mail failed');
    }
  }
}
