// The baseline: a bare Fastify 5 process (no plugins, no logger) on loopback, started by
// baseline.bench.ts. GET /health answers a small JSON like our health route; GET /bytes/NAME
// answers the file NAME of BYTES_DIR (read once, at start; none without BYTES_DIR), as application/json or, for .ics,
// text/calendar, so it serves exactly what our route served. Prints its port on stdout when listening.
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';

const dir = process.env.BYTES_DIR;
const files = new Map(dir ? fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name))]) : []);
const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));
app.get('/bytes/:name', async (request, reply) => {
  const bytes = files.get(request.params.name);
  if (!bytes) return reply.code(404).send();
  return reply.type(request.params.name.endsWith('.ics') ? 'text/calendar; charset=utf-8' : 'application/json').send(bytes);
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
