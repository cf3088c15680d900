// `npm run build`: the server (one JavaScript file, apps/server/dist) and the web app (apps/web/dist).
// `--if-stale` (what `npm start` runs) builds only a part whose sources changed since its last
// build, so starting again after a stop costs no build at all.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { inputsHash, staleReason, targets, writeStamp } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ifStale = process.argv.includes('--if-stale');

for (const [name, target] of Object.entries(targets)) {
  // Hashed before building: a file edited during the build leaves the stamp behind, so it is rebuilt.
  const hash = inputsHash(root, target);
  const reason = ifStale ? staleReason(root, target, hash) : 'asked to';
  if (!reason) {
    console.log(`${name}: up to date, not rebuilt`);
    continue;
  }
  console.log(`${name}: building (${reason})`);
  const [command, ...args] = target.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeStamp(root, target, hash);
}
