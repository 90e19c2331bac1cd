import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/**
 * Mail through an SMTP server, each send bounded by `timeoutMs` from start to end. nodemailer's own
 * limits are 2 minutes to connect, 30 s for the greeting and 10 minutes of silence per command, so
 * a server that accepts and then stalls would hold a request (the contact form waits for its mail)
 * for that long. Its limits are set to the same bound, and the whole send to it as well, since a
 * server that answers a byte at a time never trips a per-step limit.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
    private readonly timeoutMs: number,
  ) {
    this.transport = nodemailer.createTransport({ url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  }

  async send(message: MailMessage): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`The mail server did not take the mail within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      await Promise.race([this.transport.sendMail({ from: this.from, ...message }), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
}
