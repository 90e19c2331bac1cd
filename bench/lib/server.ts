/** Starts and stops the benchmark server (server-child.ts) in a child process. */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerStats {
  /** Process CPU time so far (user + system), in ms. */
  cpuMs: number;
  rssBytes: number;
}

export interface BenchServer {
  url: string;
  pid: number;
  stats(): Promise<ServerStats>;
  stop(): Promise<void>;
}

type ChildMessage =
  | { type: 'ready'; port: number }
  | { type: 'stats'; cpu: { user: number; system: number }; rss: number };

export async function startServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'server-child.ts'), [], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    env: { PATH: process.env.PATH ?? '', BENCH_SERVER_ENV: JSON.stringify(env) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const onMessage = (message: ChildMessage) => {
      if (message.type === 'ready') {
        child.off('message', onMessage);
        resolve(message.port);
      }
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`bench server exited early (code ${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    stats: () =>
      new Promise<ServerStats>((resolve) => {
        const onMessage = (message: ChildMessage) => {
          if (message.type !== 'stats') return;
          child.off('message', onMessage);
          resolve({ cpuMs: (message.cpu.user + message.cpu.system) / 1000, rssBytes: message.rss });
        };
        child.on('message', onMessage);
        child.send({ type: 'stats' });
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.send({ type: 'stop' });
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
