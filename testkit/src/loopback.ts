import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. "/v1/forecast?latitude=44.98". */
  url: string;
  body: string;
}

/**
 * Answers one request. The body is read before the call; a handler that never
 * ends `res` simulates a hung upstream (close() still cleans it up).
 */
export type LoopbackHandler = (
  request: RecordedRequest,
  res: ServerResponse,
  req: IncomingMessage,
) => void | Promise<void>;

export interface LoopbackServer {
  /** Base URL without a trailing slash, e.g. "http://127.0.0.1:40123". */
  url: string;
  /** Every request received, in arrival order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 and a random free port, for testing clients end to end. */
export async function startLoopbackServer(handler: LoopbackHandler): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      Promise.resolve()
        .then(() => handler(recorded, res, req))
        .catch((error: unknown) => {
          // A throwing handler should fail the test loudly, not hang the client.
          if (!res.headersSent) res.writeHead(599, { 'content-type': 'text/plain' });
          res.end(`loopback handler threw: ${error instanceof Error ? error.message : String(error)}`);
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Drops keep-alive sockets and requests a handler left hanging.
        server.closeAllConnections();
      }),
  };
}

/** Sends `body` as JSON with the given status. */
export function sendJson(res: ServerResponse, body: unknown, status = 200): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
