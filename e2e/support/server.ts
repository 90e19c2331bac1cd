// The server the specs drive: testkit's real process (apps/server/src/main.ts as `npm start` runs
// it, free port, fresh DATA_DIR, a loopback SMTP server keeping its mail), with the demo account
// and its sample logs on, as a newcomer's first start has them. E2E_SERVER_LOG=1 copies the
// server's output to the terminal.
import { startServerProcess, type RunningServer } from '@tightlines/testkit/process';

export type { RunningServer } from '@tightlines/testkit/process';
export type { Mailbox, ReceivedMail } from '@tightlines/testkit/mail';

export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServerProcess({ env: { DEMO_DATA: 'on', ...env }, echo: Boolean(process.env.E2E_SERVER_LOG) });
}

let anglers = 0;
/** A new account's fields, unique per run and per call; `prefix` tells which spec made it. */
export function newAngler(prefix: string): { username: string; email: string; password: string } {
  anglers += 1;
  const id = `${prefix}${Date.now().toString(36)}${anglers}`;
  return { username: id, email: `${id}@example.com`, password: 'tight lines 2026' };
}
