import type { AmbassadorApplication, AmbassadorListing } from '@tightlines/core/ambassador';
import { contactSent, type ContactMessage } from '@tightlines/core/contact';
import { messages } from '@tightlines/core/messages';
import type { Principal } from '../../access/principal';
import { HttpError } from '../../lib/errors';
import type { Mailer } from '../../providers/mail/mailer';
import type { OutreachRepo } from './repo';

type Deps = {
  repo: OutreachRepo;
  mailer: Mailer;
  teamEmail: string;
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

  /** Approves or declines an application (the team's decision, made outside the app today). */
  async review(id: string, status: 'approved' | 'declined'): Promise<boolean> {
    return this.deps.repo.review(id, status, this.deps.now());
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
