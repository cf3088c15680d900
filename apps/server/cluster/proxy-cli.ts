/**
 * The round-robin proxy of `proxy.ts` in a process of its own (the bench measures through it, and
 * a proxy sharing autocannon's process would slow both):
 *   node --import tsx cluster/proxy-cli.ts PORT UPSTREAM_URL...
 * Prints its URL once it listens; stops on SIGTERM.
 */
import { startProxy } from './proxy.ts';

const [port, ...upstreams] = process.argv.slice(2);
if (!port || upstreams.length === 0) {
  console.error('usage: proxy-cli.ts PORT UPSTREAM_URL...');
  process.exit(2);
}
const proxy = await startProxy(upstreams, { port: Number(port) });
console.log(proxy.url);
process.on('SIGTERM', () => void proxy.close().then(() => process.exit(0)));
