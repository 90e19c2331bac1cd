import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * Starts the bare Fastify baseline (bare-fastify.mjs) as its own process. GET /bytes/NAME answers the
 * file NAME of `bytesDir`; GET /health needs none.
 */
export async function startBareFastify(bytesDir?: string): Promise<{ baseUrl: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-fastify.mjs')], {
    env: { ...process.env, ...(bytesDir ? { BYTES_DIR: bytesDir } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`bare Fastify exited (${code})`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, child };
}
