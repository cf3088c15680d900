import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { inputsHash, staleReason, writeStamp } from './build-stamp.mjs';

const target = {
  inputs: ['src', 'index.html', 'absent.json'],
  output: 'dist/out.js',
  stamp: 'dist/.build-stamp',
};

let root;
const write = (file, text) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
const build = () => {
  write('dist/out.js', 'built');
  writeStamp(root, target, inputsHash(root, target));
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
  write('src/main.ts', 'one');
  write('src/deep/page.tsx', 'two');
  write('src/deep/page.test.tsx', 'test');
  write('index.html', '<title>x</title>');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the stale-build check', () => {
  it('builds what was never built, or built before stamps were kept', () => {
    assert.equal(staleReason(root, target), 'not built yet');
    write('dist/out.js', 'built');
    assert.equal(staleReason(root, target), 'built before stamps were kept');
  });

  it('skips a build of the current sources, even after they were touched without change', () => {
    build();
    assert.equal(staleReason(root, target), null);
    write('src/main.ts', 'one');
    assert.equal(staleReason(root, target), null);
  });

  it('rebuilds after a source is edited, added, renamed or removed, and when the output is gone', () => {
    const edits = [
      () => write('src/deep/page.tsx', 'three'),
      () => write('src/new.ts', 'new'),
      () => fs.renameSync(path.join(root, 'src/main.ts'), path.join(root, 'src/renamed.ts')),
      () => fs.rmSync(path.join(root, 'index.html')),
      () => write('absent.json', '{}'),
      () => fs.rmSync(path.join(root, 'dist/out.js')),
    ];
    for (const edit of edits) {
      build();
      edit();
      assert.notEqual(staleReason(root, target), null, String(edit));
    }
  });

  it('does not rebuild for a changed test file', () => {
    build();
    write('src/deep/page.test.tsx', 'another test');
    assert.equal(staleReason(root, target), null);
  });
});
