import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'endpoint-routes-only.test.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Two workers where vitest's default is cores - 1, one on a 2-core machine: 52 files took
    // 187 s in one worker and 120 s in two. Sharing loaded modules between files (isolate: false)
    // took them to 48 s but made the suite flaky: in a fresh-clone CI run three notification-bell
    // tests failed, and in three local runs a file-upload test once, depending on which files had
    // run before in the worker. So each file still gets its own modules, in a VM context of its own
    // in a kept worker thread (`vmThreads`) rather than a fresh process with a fresh jsdom:
    // 131–151 s → 50–55 s for 53 files, three runs in a row passing (jsdom's set-up was 50 s of it).
    pool: 'vmThreads',
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
