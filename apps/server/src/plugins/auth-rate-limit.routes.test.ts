import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@portal/contracts/messages';
import { signupBody } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 3 });
});
afterAll(() => t.close());

const signin = (emailID: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/student/signin',
    payload: { emailID, password: 'wrong-password' },
    remoteAddress,
  });

describe('sign-in and sign-up rate limits', () => {
  it('refuses the fourth attempt in a minute from one IP with 429', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signin(`ip-${i}@example.com`, '10.0.0.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await signin('fresh@example.com', '10.0.0.1');
    expect(limited.json()).toEqual({ message: auth.tooManyAttempts });
  });

  it('refuses the fourth attempt at one email from many IPs', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signin('target@example.com', `10.0.1.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('counts sign-ups too', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/student/signup',
        payload: signupBody('student'),
        remoteAddress: '10.0.2.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
