import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../services.ts';
import { accounts, notifications } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
});
afterAll(() => t.close());

async function accountId(email: string) {
  const [row] = await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
  return row!.id;
}

describe('notifications', () => {
  it('lists only the caller’s notifications, newest first, with the unread count, and marks them read', async () => {
    const me = await w.student();
    const other = await w.student();
    const { notificationsService } = createServices(t.config, t.db);
    await notificationsService.notify([
      { accountId: await accountId(me.email), sender: 'Acme Corp', title: 'Shortlisted', body: 'First' },
    ]);
    await notificationsService.notify([
      { accountId: await accountId(me.email), sender: 'Acme Corp', title: 'Interview', body: 'Second' },
      { accountId: await accountId(other.email), sender: 'Globex', title: 'Not yours', body: '...' },
    ]);

    const list = await t.app.inject({ url: '/api/notifications', headers: { cookie: me.cookie } });
    expect(list.statusCode).toBe(200);
    const { items, unread } = list.json().message as {
      items: { title: string; from: string }[];
      unread: number;
    };
    expect(unread).toBe(2);
    expect(items.map((n) => n.title).sort()).toEqual(['Interview', 'Shortlisted']);
    expect(items.every((n) => n.from === 'Acme Corp')).toBe(true);

    const read = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { cookie: me.cookie },
    });
    expect(read.json().message.unread).toBe(0);
    const stored = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.accountId, await accountId(other.email)));
    expect(stored[0]?.readAt).toBeNull();

    const record = await t.app.inject({ url: '/api/student/getUserData', headers: { cookie: me.cookie } });
    expect(record.json().message.notifications).toHaveLength(2);
  });
});
