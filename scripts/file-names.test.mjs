import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');

/** kebab-case words, then dotted kebab-case parts: `jobs.routes.test.ts`, `get-jobs.ts`, `a11y.spec.ts`. */
const kebab = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;

/** Folders that hold what tools installed, built or reported, not code the house writes. */
const generated = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  'test-results',
  'playwright-report',
  'drizzle',
]);

/**
 * The code the house writes: every source file of the workspaces and scripts, read from the folders
 * themselves (a source archive has no .git, and its tests must pass too).
 */
const sourceFiles = () =>
  ['apps', 'packages', 'e2e', 'scripts'].flatMap((top) =>
    fs
      .readdirSync(path.join(root, top), { recursive: true, encoding: 'utf8' })
      .map((file) => path.join(top, file))
      .filter((file) => !file.split(path.sep).some((part) => generated.has(part) || part.startsWith('.')))
      .filter((file) => /\.(ts|tsx|mjs|js|css)$/.test(file)),
  );

it('every source file is named in kebab-case, so a name is found the way it is said', () => {
  const files = sourceFiles();
  assert.ok(files.length > 100, `only ${files.length} source files found`);
  assert.deepEqual(
    files.filter((file) => !kebab.test(path.basename(file))),
    [],
  );
});
