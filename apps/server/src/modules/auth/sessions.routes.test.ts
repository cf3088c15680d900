import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@portal/contracts/messages';
import { accounts, sessions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
});
afterAll(() => t.close());

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function sessionOf(email: string) {
  const [row] = await t.db
    .select({ session: sessions })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(accounts.email, email));
  return row!.session;
}

const status = (cookie: string) => t.app.inject({ url: '/api/', headers: { cookie } });

describe('session lifetime', () => {
  it('ends a session left idle for 12 hours', async () => {
    const { cookie, email } = await w.student();
    const { tokenHash } = await sessionOf(email);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: hoursAgo(12.1) })
      .where(eq(sessions.tokenHash, tokenHash));
    const response = await status(cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: auth.notSignedIn });
  });

  it('keeps an active session going, noting the activity', async () => {
    const { cookie, email } = await w.student();
    const { tokenHash } = await sessionOf(email);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: hoursAgo(11) })
      .where(eq(sessions.tokenHash, tokenHash));
    expect((await status(cookie)).statusCode).toBe(200);
    const { lastSeenAt } = await sessionOf(email);
    expect(Date.now() - lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('ends a session 7 days after sign-in however active it was', async () => {
    const { cookie, email } = await w.student();
    const { tokenHash } = await sessionOf(email);
    await t.db
      .update(sessions)
      .set({ expiresAt: hoursAgo(0.01), lastSeenAt: new Date() })
      .where(eq(sessions.tokenHash, tokenHash));
    expect((await status(cookie)).statusCode).toBe(401);
  });
});
