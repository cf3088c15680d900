import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');
const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const section = readme.slice(
  readme.indexOf('## Scripts'),
  readme.indexOf('\n## ', readme.indexOf('## Scripts') + 1),
);

/** How the README's scripts table names a script: as one types it. */
const label = (name) =>
  name === 'postinstall' ? name : ['start', 'test'].includes(name) ? `npm ${name}` : `npm run ${name}`;

it("the README's scripts table has a row for every root script, and no other", () => {
  const rows = [...section.matchAll(/^\| `([^`]+)` /gm)].map((m) => m[1]);
  assert.deepEqual(rows.toSorted(), Object.keys(scripts).map(label).toSorted());
});
