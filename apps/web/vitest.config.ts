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
    // Test files share a worker's loaded modules (React, the router, the contracts) instead of
    // importing them afresh each, and run in two workers where vitest's default is cores - 1, one
    // on a 2-core machine: 52 files took 187 s isolated in one worker, 120 s in two, 61 s shared
    // in two. Nothing keeps state at module level but TanStack Query's client, made per render,
    // and so no test may use vi.mock (a module another file loaded first would stay unmocked):
    // uploads use the fake XMLHttpRequest (testing/fake-xhr.ts), calls the fetch stub.
    isolate: false,
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
