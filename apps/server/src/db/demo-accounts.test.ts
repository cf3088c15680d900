import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { demoAccounts, seedDemoAccounts } from './demo-accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo accounts', () => {
  it('creates one account per role once, the demo company approved so it sees the students', async () => {
    expect(await seedDemoAccounts(t.config, t.db)).toEqual(['student', 'college-staff', 'company']);
    expect(await seedDemoAccounts(t.config, t.db)).toEqual([]);

    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/company/signin',
      payload: demoAccounts.company,
    });
    expect(signin.statusCode).toBe(200);
    const cookie = sessionCookie(signin.headers['set-cookie']);
    const record = await t.app.inject({ url: '/api/company/getCompanyData', headers: { cookie } });
    expect(record.json().message.role).toBe('Allowed');
    const students = await t.app.inject({ url: '/api/company/students', headers: { cookie } });
    expect(students.statusCode).toBe(200);
    expect(students.json().message.total).toBe(1);
  });
});
