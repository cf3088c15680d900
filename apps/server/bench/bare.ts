/**
 * The yardstick of `npm run bench`: a bare Fastify JSON route in a process of its own, so each of
 * the portal's figures can be given as a share of what Fastify itself does on this machine now.
 * Prints the port it listens on as its only line.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(typeof address === 'object' && address ? address.port : 0);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
