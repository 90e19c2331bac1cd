// The baseline: a bare Fastify 5 process (no plugins, no logger) on loopback, started by
// baseline.bench.ts. GET /health answers a small JSON like our health route; GET /bytes answers
// the file at BYTES_FILE (`{}` without one) as application/json, read once, so it serves exactly what our route served.
// Prints its port on stdout when listening.
import fs from 'node:fs';
import Fastify from 'fastify';

const bytes = process.env.BYTES_FILE ? fs.readFileSync(process.env.BYTES_FILE) : Buffer.from('{}');
const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));
app.get('/bytes', async (_request, reply) => reply.type('application/json').send(bytes));
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
