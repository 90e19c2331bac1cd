import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * Starts the bare Fastify baseline (bare-fastify.mjs) as its own process. `bytesFile` is what its
 * GET /bytes answers; GET /health needs none.
 */
export async function startBareFastify(bytesFile?: string): Promise<{ baseUrl: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-fastify.mjs')], {
    env: { ...process.env, ...(bytesFile ? { BYTES_FILE: bytesFile } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`bare Fastify exited (${code})`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, child };
}
