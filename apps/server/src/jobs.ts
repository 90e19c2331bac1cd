import type { FastifyInstance } from 'fastify';

/**
 * Background work that runs inside the app process: one timer per job, unref'd so it never keeps
 * the process alive, and cleared when the app closes. A failed pass is logged and tried next time.
 */
export function startJob(app: FastifyInstance, name: string, everyMs: number, run: () => Promise<unknown>) {
  const timer = setInterval(() => {
    run().catch((error: unknown) => app.log.error({ err: error }, `${name} failed`));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
