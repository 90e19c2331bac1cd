import type { AmbassadorApplication, AmbassadorApplicationView, AmbassadorListing, ReviewStatus } from '@tightlines/core/ambassador';
import { contactSent, type ContactMessage } from '@tightlines/core/contact';
import { messages } from '@tightlines/core/messages';
import type { Principal } from '../../access/principal';
import type { AccessService } from '../../access/access';
import { conflict, HttpError, notFound } from '../../lib/errors';
import type { Mailer } from '../../providers/mail/mailer';
import type { OutreachRepo } from './repo';

const REVIEW_LIST_LIMIT = 200;
const NOT_FOUND = 'No application was found with that id.';

type ReviewRow = NonNullable<Awaited<ReturnType<OutreachRepo['forReview']>>>;

type Deps = {
  repo: OutreachRepo;
  mailer: Mailer;
  teamEmail: string;
  access: AccessService;
  /** Billing's grant of the ambassador coupon to a member, once (a port: outreach imports no other module). */
  grantAmbassadorDiscount(userId: string): Promise<unknown>;
  /** The ambassador discount each member was granted. */
  ambassadorDiscounts(userIds: string[]): Promise<Map<string, number>>;
  log: { error(obj: Record<string, unknown>, msg: string): void };
  now: () => Date;
};

/** The forms that reach the team: ambassador applications and the contact form. */
export class OutreachService {
  constructor(private readonly deps: Deps) {}

  /**
   * Stored first, so an application is never lost to a mail outage; the team's copy is then
   * mailed, and a failed mail is logged (the row is the record). A failed store answers the
   * seed's 'Something went wrong.'.
   */
  async apply(application: AmbassadorApplication, principal: Principal | null): Promise<{ success: true; message: string }> {
    try {
      await this.deps.repo.insertApplication(application, principal?.userId ?? null);
    } catch (error) {
      this.deps.log.error({ err: error }, 'ambassador application not stored');
      throw new HttpError(500, messages.ambassadorFailed);
    }
    const { agreement: _agreement, answer: _answer, ...fields } = application;
    const lines = Object.entries(fields).map(([key, value]) => `${key}: ${String(value)}`);
    await this.mailTeam(`Ambassador application: ${application.name}`, [
      'A new ambassador application was received.',
      principal ? `Member: ${principal.username}` : 'Sent by a visitor.',
      '',
      ...lines,
    ]).catch((error: unknown) => this.deps.log.error({ err: error }, 'ambassador application mail failed'));
    return { success: true, message: messages.ambassadorReceived };
  }

  directory(): Promise<AmbassadorListing[]> {
    return this.deps.repo.directory();
  }

  isAdmin(principal: Principal): boolean {
    return this.deps.access.isAdmin(principal);
  }

  /** The team's review list (admins only). */
  async applications(principal: Principal, status: ReviewStatus): Promise<AmbassadorApplicationView[]> {
    this.deps.access.assertAdmin(principal);
    const rows = await this.deps.repo.listForReview(status, REVIEW_LIST_LIMIT);
    return this.views(rows);
  }

  /**
   * An admin approves or declines a pending application. Approval first gives the member the
   * ambassador coupon (once, whatever is retried), so a coupon the processor does not know leaves
   * the application pending; then the application moves on, and only one reviewer's call does.
   */
  async review(principal: Principal, id: string, status: 'approved' | 'declined'): Promise<AmbassadorApplicationView> {
    this.deps.access.assertAdmin(principal);
    const row = await this.deps.repo.forReview(id);
    if (!row) throw notFound(NOT_FOUND);
    if (row.application.status !== 'pending') throw conflict('This application was already reviewed.');
    if (status === 'approved' && row.memberId) await this.deps.grantAmbassadorDiscount(row.memberId);
    if (!(await this.deps.repo.review(id, status, this.deps.now()))) throw conflict('This application was already reviewed.');
    const [view] = await this.views([(await this.deps.repo.forReview(id))!]);
    return view!;
  }

  private async views(rows: ReviewRow[]): Promise<AmbassadorApplicationView[]> {
    const members = rows.map((r) => r.memberId).filter((m): m is string => m !== null);
    const discounts = await this.deps.ambassadorDiscounts(members);
    return rows.map(({ application: a, memberId, memberName }) => ({
      _id: a.id,
      name: a.name,
      email: a.email,
      state: a.state,
      age: a.age,
      occupation: a.occupation,
      answers: a.answers,
      listInDirectory: a.listInDirectory,
      status: a.status,
      createdAt: a.createdAt.toISOString(),
      reviewedAt: a.reviewedAt?.toISOString() ?? null,
      member: memberId && memberName ? { _id: memberId, username: memberName } : null,
      discountPercent: memberId ? (discounts.get(memberId) ?? null) : null,
    }));
  }

  /** A filled honeypot is answered as a success, so a robot learns nothing, and mails nobody. */
  async contact(input: ContactMessage, principal: Principal | null): Promise<{ success: true; message: string }> {
    if (input.website) return { success: true, message: contactSent };
    try {
      await this.mailTeam(`Contact: ${input.subject || 'a message from the website'}`, [
        `From: ${input.name} <${input.email}>`,
        principal ? `Member: ${principal.username}` : 'Sent by a visitor.',
        '',
        input.message,
      ]);
    } catch (error) {
      this.deps.log.error({ err: error }, 'contact mail failed');
      throw new HttpError(502, 'Your message could not be sent just now. Please try again in a few minutes.');
    }
    return { success: true, message: contactSent };
  }

  private mailTeam(subject: string, lines: string[]): Promise<void> {
    return this.deps.mailer.send({ to: this.deps.teamEmail, subject, text: lines.join('\n') });
  }
}
