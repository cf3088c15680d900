import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { it } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');

/** kebab-case words, then dotted kebab-case parts: `jobs.routes.test.ts`, `get-jobs.ts`, `a11y.spec.ts`. */
const kebab = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;

/** The code the house writes: every committed source file of the workspaces and scripts. */
const sourceFiles = () =>
  execFileSync('git', ['ls-files', 'apps', 'packages', 'e2e', 'scripts'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs|js|css)$/.test(file) && !file.includes('/drizzle/'));

it('every source file is named in kebab-case, so a name is found the way it is said', () => {
  const files = sourceFiles();
  assert.ok(files.length > 100, `only ${files.length} source files found`);
  assert.deepEqual(
    files.filter((file) => !kebab.test(path.basename(file))),
    [],
  );
});
