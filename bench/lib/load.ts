/**
 * A small closed-loop HTTP load generator (autocannon is not installed): `concurrency` workers
 * each send one request, wait for the whole response, then send the next, until `total`
 * requests have been sent or `maxSeconds` have passed. Keep-alive sockets, one per worker. Loopback only.
 */
import http from 'node:http';
import { summarize, type Summary } from './stats';

export interface LoadOptions {
  /** Base URL, e.g. http://127.0.0.1:40123; must be loopback. */
  baseUrl: string;
  method: 'GET' | 'POST';
  /** Path and query of request number i (0-based). */
  path: (i: number) => string;
  total: number;
  concurrency: number;
  headers?: Record<string, string>;
  /** The same body on every request (send a content-type with it). */
  body?: string;
  /** Stop sending new requests after this many seconds (the result then holds fewer than `total`). */
  maxSeconds?: number;
  /** Throws when a response body is wrong; called on every response (outside the timed span). */
  check?: (status: number, body: string, i: number) => void;
  /** How the body reaches `check`: 'latin1' for binary answers (one character a byte, no UTF-8 decoding). */
  bodyEncoding?: 'utf8' | 'latin1';
}

export interface LoadResult {
  /** Requests sent (fewer than `planned` when the time cap stopped the run). */
  total: number;
  planned: number;
  stoppedByTimeCap: boolean;
  concurrency: number;
  wallMs: number;
  requestsPerSecond: number;
  latency: Summary;
  statuses: Record<string, number>;
  errors: number;
  firstError: string | null;
}

export function assertLoopback(baseUrl: string): void {
  const { hostname } = new URL(baseUrl);
  if (hostname !== '127.0.0.1' && hostname !== '[::1]' && hostname !== 'localhost') {
    throw new Error(`Refusing to send load to ${hostname}: benches talk to loopback only.`);
  }
}

function send(
  agent: http.Agent,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  bodyEncoding: 'utf8' | 'latin1',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(bodyEncoding) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  assertLoopback(options.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let firstError: string | null = null;
  let next = 0;
  const headers = { 'content-length': String(Buffer.byteLength(options.body ?? '')), ...options.headers };

  const deadline = options.maxSeconds === undefined ? Infinity : performance.now() + options.maxSeconds * 1000;
  let stoppedByTimeCap = false;
  const worker = async () => {
    for (;;) {
      if (next >= options.total) return;
      if (performance.now() >= deadline) {
        stoppedByTimeCap = true;
        return;
      }
      const i = next++;
      const url = new URL(options.path(i), options.baseUrl);
      const started = process.hrtime.bigint();
      try {
        const { status, body } = await send(agent, url, options.method, headers, options.body, options.bodyEncoding ?? 'utf8');
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        statuses[status] = (statuses[status] ?? 0) + 1;
        options.check?.(status, body, i);
      } catch (error) {
        errors += 1;
        firstError ??= `request ${i} ${url.pathname}${url.search}: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
  };

  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  agent.destroy();
  return {
    total: next,
    planned: options.total,
    stoppedByTimeCap,
    concurrency: options.concurrency,
    wallMs,
    requestsPerSecond: (latencies.length / wallMs) * 1000,
    latency: summarize(latencies),
    statuses,
    errors,
    firstError,
  };
}
