import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { health } from '@portal/contracts/messages';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('load balancer checks', () => {
  it('/health answers without a session, and /ready once the database, migrations and storage answer', async () => {
    const live = await t.app.inject({ url: '/health' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ message: health.up });
    const ready = await t.app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      message: health.ready,
      checks: { database: true, storage: true, migrations: true },
    });
  });

  it('/ready fails with 503 while the database is unreachable, and /health still answers', async () => {
    // A PostgreSQL address where nothing listens: the pool connects lazily, so the app builds.
    const handle = await openDatabase({ driver: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' });
    const app = await buildApp(testConfig(), handle.db, { logger: false });
    try {
      expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
      const ready = await app.inject({ url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        message: health.notReady(['database', 'migrations']),
        checks: { database: false, storage: true, migrations: false },
      });
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it('documents both answers of /ready, each with its checks', async () => {
    const documented = await createTestApp({ apiDocs: true });
    try {
      type Answer = { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      const doc = (await documented.app.inject({ url: '/api/docs/json' })).json<{
        paths: Record<string, { get: { responses: Record<string, Answer> } }>;
      }>();
      const answers = doc.paths['/ready']?.get.responses ?? {};
      for (const status of ['200', '503']) {
        const properties = Object.values(answers[status]?.content ?? {})[0]?.schema.properties;
        expect(Object.keys(properties ?? {}), status).toEqual(['message', 'checks']);
      }
    } finally {
      await documented.close();
    }
  });
});
