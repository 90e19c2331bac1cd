// Starts the real Tightlines server for end-to-end tests: the same entry point as `npm start`
// (apps/server/src/main.ts through tsx), on a free port, a fresh data directory (PGlite), and a
// real SMTP server on loopback that keeps every message so a spec can read its inbox.
// The web app is whatever `npm run build` left in apps/web/dist.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

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

export type RunningServer = {
  /** e.g. http://127.0.0.1:40123, no trailing slash. */
  baseUrl: string;
  mail: Mailbox;
  dataDir: string;
  /** What the server printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
};

/** Settings the harness owns; any of them may be overridden through `env`. Others are cleared. */
const SERVER_SETTINGS = [
  'NODE_ENV', 'PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL', 'MAIL_FROM', 'FEATURE_FLAGS',
  'REDIS_URL', 'OPEN_METEO_URL', 'OPEN_METEO_ARCHIVE_URL', 'AUTH_RATE_LIMIT', 'AUTH_RATE_WINDOW_SECONDS',
  'UPLOAD_MAX_MB', 'DEMO_DATA', 'LOG_LEVEL',
];

const HEALTH_TIMEOUT_MS = 90_000;

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const smtp = await startMailServer();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tightlines-e2e-'));

  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SERVER_SETTINGS) delete childEnv[key];
  Object.assign(childEnv, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: baseUrl,
    DEMO_DATA: 'on',
    AUTH_RATE_LIMIT: '1000',
    LOG_LEVEL: 'warn',
    ...env,
  });

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const record = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
    if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(`exit code ${code ?? signal}`));
    child.once('error', (error) => resolve(`could not start: ${error.message}`));
  });

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await terminate(child, exited);
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, exited, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, mail: smtp.mailbox, dataDir, output: () => output, stop };
}

async function waitForHealth(baseUrl: string, exited: Promise<string>, output: () => string) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let exitReason: string | undefined;
  void exited.then((reason) => (exitReason = reason));
  while (Date.now() < deadline) {
    if (exitReason) throw new Error(`The server stopped before it was ready (${exitReason}). Its output:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer GET /api/health within ${HEALTH_TIMEOUT_MS / 1000} s. Its output:\n${output()}`);
}

async function terminate(child: ChildProcess, exited: Promise<unknown>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killed = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 10_000)),
  ]);
  if (killed) {
    child.kill('SIGKILL');
    await exited;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// ------------------------------------------------------------------------------------------------
// SMTP: a real server on loopback that records what it receives
// ------------------------------------------------------------------------------------------------

/** A real SMTP server on 127.0.0.1 (random port) that keeps every message it receives. */
export async function startMailServer() {
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
    port,
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
