// Whether a build is older than its sources. A build leaves a stamp, the hash of every input file's
// path and content, in its own output folder; `npm start` rebuilds a part only when that hash no
// longer matches (or the stamp or the output is missing). Content, not mtimes: a checkout or a copy
// that touches files without changing them costs no rebuild, and an edit undone is seen as undone.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const shared = ['packages/contracts/src', 'packages/contracts/package.json', 'package-lock.json'];

/** What each part is built from, where it is built to, and how. */
export const targets = {
  server: {
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', ...shared],
    output: 'apps/server/dist/server.js',
    stamp: 'apps/server/dist/.build-stamp',
    command: ['npm', 'run', 'build', '-w', '@portal/server'],
  },
  web: {
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/compress-assets.ts',
      'apps/web/prerender-pages.ts',
      'apps/web/package.json',
      ...shared,
    ],
    output: 'apps/web/dist/index.html',
    stamp: 'apps/web/dist/.build-stamp',
    command: ['npm', 'run', 'build', '-w', '@portal/web'],
  },
};

/** Tests are not part of what is built: editing one does not make a build stale. */
const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);

function filesOf(root, input) {
  const full = path.join(root, input);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [input];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The hash of the target's input files: their paths (so a rename counts) and contents. */
export function inputsHash(root, target) {
  const files = target.inputs
    .flatMap((input) => filesOf(root, input))
    .filter((file) => !isTest(file))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Why the target needs building, or null when its last build is of the current sources. */
export function staleReason(root, target, hash = inputsHash(root, target)) {
  if (!fs.existsSync(path.join(root, target.output))) return 'not built yet';
  const stamp = path.join(root, target.stamp);
  if (!fs.existsSync(stamp)) return 'built before stamps were kept';
  if (fs.readFileSync(stamp, 'utf8').trim() !== hash) return 'sources changed since the last build';
  return null;
}

/** Records that the output is a build of the sources whose hash is given. */
export function writeStamp(root, target, hash) {
  fs.writeFileSync(path.join(root, target.stamp), `${hash}\n`);
}
