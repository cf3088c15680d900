import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server). This file sits one folder below it both as a source
 * (src/server-root.ts, run by tsx and the tests) and bundled into dist/server.js, so paths built
 * from here (the migrations, the web app's build, the data folder) hold either way.
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
