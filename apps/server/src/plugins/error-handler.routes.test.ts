import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '@portal/contracts/messages';
import { accounts } from '../db/schema.ts';
import { signupBody } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { world, type World } from '../test/world.ts';
import { errorHandler } from './error-handler.ts';

let t: TestApp;
let w: World;
const log: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({}, { logStream });
  w = world(t);
});
afterAll(() => t.close());

describe('input the database cannot store', () => {
  it('refuses a NUL in a sign-up field with a 400 and stores nothing', async () => {
    const body = signupBody('student', { firstName: 'A\u0000b' }) as { emailID: string };
    const response = await t.app.inject({ method: 'POST', url: '/api/student/signup', payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: http.controlCharacters });
    expect(await t.db.select().from(accounts).where(eq(accounts.email, body.emailID))).toEqual([]);
  });

  it('refuses control characters in a query and in nested keys, but keeps tabs and line breaks', async () => {
    const { cookie } = await w.staff();
    const search = await t.app.inject({
      url: '/api/college-staff/students?search=a%01b',
      headers: { cookie },
    });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ message: http.controlCharacters });
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/student/signin',
      payload: { emailID: 'a@b.com', password: 'x', nested: { 'k\u001f': 1 } },
    });
    expect(key.json()).toEqual({ message: http.controlCharacters });
    const body = signupBody('student', { lastName: 'Line\tone' });
    const ok = await t.app.inject({ method: 'POST', url: '/api/student/signup', payload: body });
    expect(ok.statusCode).not.toBe(500);
  });
});

describe('the error log', () => {
  it('names a failed write without its email, password hash or query string', async () => {
    // A constraint the app does not know about makes the sign-up's insert fail inside the database.
    await t.db.execute(
      sql`alter table accounts add constraint test_no_zed check (first_name <> 'Zed') not valid`,
    );
    const body = signupBody('student', { firstName: 'Zed' }) as { emailID: string };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/student/signup?token=do-not-log-me',
      payload: body,
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: http.internal });
    const written = log.join('');
    expect(written).toContain('test_no_zed');
    expect(written).not.toContain(body.emailID);
    expect(written).not.toContain('$argon2id$');
    expect(written).not.toContain('9876543210');
    expect(written).not.toContain('do-not-log-me');
  });
});

describe('a database that is briefly away', () => {
  it('answers 503 with Retry-After and the message, not 500', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandler);
    app.get('/refused', async () => {
      throw new Error('Failed query: select 1', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      });
    });
    app.get('/shutting-down', async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      });
    });
    for (const url of ['/refused', '/shutting-down']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ message: http.unavailable });
    }
    await app.close();
  });
});
