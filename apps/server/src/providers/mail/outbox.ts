import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Mailer, MailMessage } from './mailer';

/**
 * With no SMTP server configured, mail is kept in a table, so nothing is lost. Only that it is
 * there is logged: its text carries codes and links that must not reach a log.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(mailOutbox).values(message);
    this.log.info({ mail: { subject: message.subject } }, 'a mail is in the outbox (mail_outbox table)');
  }
}
