/**
 * Baseline: the least a Fastify server can do per request — one JSON route, no plugins,
 * no logging. Run as a child process on PORT (loopback only) and loaded like our server.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

// The runner stops us with SIGTERM; if it dies without doing so, do not linger.
process.on('disconnect', () => process.exit(0));
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
