import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Mailer, MailMessage } from './mailer';

/** With no SMTP server configured, mail is kept in a table and printed, so nothing is lost. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(mailOutbox).values(message);
    this.log.info({ mail: { to: message.to, subject: message.subject } }, `mail kept in the outbox:\n${message.text}`);
  }
}
