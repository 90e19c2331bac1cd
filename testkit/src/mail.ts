// A real SMTP server on loopback that keeps every message it receives, for the real server process
// (process.ts points SMTP_URL at it) and for tests of the SMTP mailer, so a test reads its inbox
// the way a user would. Just enough MIME to read what nodemailer sends.
import net from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  /** The text/plain body, decoded. */
  text: string;
  /** The text/html body, decoded, when there is one. */
  html?: string;
  raw: string;
};

export type Mailbox = {
  readonly messages: readonly ReceivedMail[];
  /** Resolves with the first message (received before or after the call) to `to` that satisfies `predicate`. */
  waitFor(to: string, predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Messages received for `to`, oldest first. */
  to(address: string): ReceivedMail[];
};

export type MailServer = {
  /** For SMTP_URL, e.g. smtp://127.0.0.1:40125. */
  url: string;
  mailbox: Mailbox;
  close(): Promise<void>;
};

/** A real SMTP server on 127.0.0.1 (random port) that keeps every message it receives. */
export async function startMailServer(): Promise<MailServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<{ test: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelope = session.envelope;
        const mail: ReceivedMail = {
          ...parseMessage(raw),
          to: envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          raw,
        };
        messages.push(mail);
        for (const waiter of waiters) if (waiter.test(mail)) waiter.resolve(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as net.AddressInfo).port;

  const mailbox: Mailbox = {
    messages,
    to: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    waitFor(to, predicate = () => true, timeoutMs = 15_000) {
      const address = to.toLowerCase();
      const test = (mail: ReceivedMail) => mail.to.includes(address) && predicate(mail);
      const already = messages.find(test);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const waiter = {
          test,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n  ') || '(none)';
          reject(new Error(`No mail to ${to} matched within ${timeoutMs} ms. Received:\n  ${seen}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    mailbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ------------------------------------------------------------------------------------------------
// Just enough MIME to read what nodemailer sends: headers (with RFC 2047 words), multipart bodies,
// quoted-printable and base64 transfer encodings, UTF-8 text.
// ------------------------------------------------------------------------------------------------

type Part = { headers: Map<string, string>; body: string };

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function headerParam(value: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(value);
  return match?.[1];
}

function quotedPrintableBytes(text: string): Buffer {
  const latin1 = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(latin1, 'latin1');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return quotedPrintableBytes(part.body).toString('utf8');
  return part.body;
}

/** RFC 2047 encoded words; adjacent words are joined as bytes, since a character may span two. */
function decodeWords(value: string): string {
  const word = /=\?[^?]+\?([BQ])\?([^?]*)\?=/gi;
  return value.replace(/=\?[^?]+\?[BQ]\?[^?]*\?=(?:\s+=\?[^?]+\?[BQ]\?[^?]*\?=)*/gi, (run) => {
    const bytes = [...run.matchAll(word)].map(([, kind, data = '']) =>
      kind!.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : quotedPrintableBytes(data.replace(/_/g, ' ')),
    );
    return Buffer.concat(bytes).toString('utf8');
  });
}

function collectBodies(part: Part, found: { text?: string; html?: string }) {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const mime = type.split(';')[0]!.trim().toLowerCase();
  if (mime.startsWith('multipart/')) {
    const boundary = headerParam(type, 'boundary');
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectBodies(splitPart(section.replace(/^\n/, '')), found);
    }
    return;
  }
  if (mime === 'text/plain' && found.text === undefined) found.text = decodeBody(part).replace(/\n$/, '');
  if (mime === 'text/html' && found.html === undefined) found.html = decodeBody(part);
}

function parseMessage(raw: string): Pick<ReceivedMail, 'subject' | 'text' | 'html'> {
  const message = splitPart(raw);
  const found: { text?: string; html?: string } = {};
  collectBodies(message, found);
  return {
    subject: decodeWords(message.headers.get('subject') ?? ''),
    text: found.text ?? '',
    ...(found.html !== undefined ? { html: found.html } : {}),
  };
}

export type StalledMailServer = {
  /** For SMTP_URL, e.g. smtp://127.0.0.1:40125. */
  url: string;
  /** How many connections it has taken. */
  readonly connections: number;
  close(): Promise<void>;
};

/**
 * An SMTP server that takes the connection and then never answers (`greet: false`), or sends the
 * greeting and never answers anything after it (`greet: true`): a mail host that is up but stuck.
 */
export async function startStalledMailServer({ greet }: { greet: boolean }): Promise<StalledMailServer> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (greet) socket.write('220 stalled.example ESMTP\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
