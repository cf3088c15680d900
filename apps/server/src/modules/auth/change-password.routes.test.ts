import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, passwords, required } from '@portal/contracts/messages';
import { PASSWORD, sessionCookie } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
});
afterAll(() => t.close());

const change = (role: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/${role}/resetPassword`, headers: { cookie }, payload });

describe('POST /api/<role>/resetPassword', () => {
  it.each(['student', 'college-staff', 'company'] as const)(
    'changes a %s password, keeps this session and ends the others',
    async (role) => {
      const { cookie, email } = await w.account(role);
      const other = await t.app.inject({
        method: 'POST',
        url: `/api/${role}/signin`,
        payload: { emailID: email, password: PASSWORD },
      });
      const otherCookie = sessionCookie(other.headers['set-cookie']);

      const response = await change(role, cookie, {
        currentPassword: PASSWORD,
        newPassword: 'brand-new-1',
        confirmNewPassword: 'brand-new-1',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: passwords.changed });

      expect((await t.app.inject({ url: '/api/', headers: { cookie } })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/', headers: { cookie: otherCookie } })).statusCode).toBe(401);

      const oldSignin = await t.app.inject({
        method: 'POST',
        url: `/api/${role}/signin`,
        payload: { emailID: email, password: PASSWORD },
      });
      expect(oldSignin.statusCode).toBe(401);
      expect(oldSignin.json()).toEqual({ message: auth.badCredentials });
      const newSignin = await t.app.inject({
        method: 'POST',
        url: `/api/${role}/signin`,
        payload: { emailID: email, password: 'brand-new-1' },
      });
      expect(newSignin.statusCode).toBe(200);
    },
  );

  it('refuses a wrong current password and leaves the password as it was', async () => {
    const { cookie, email } = await w.student();
    const response = await change('student', cookie, {
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-1',
      confirmNewPassword: 'brand-new-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: passwords.wrongCurrent });
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/student/signin',
      payload: { emailID: email, password: PASSWORD },
    });
    expect(signin.statusCode).toBe(200);
  });

  it.each([
    [{ currentPassword: '' }, required.currentPassword],
    [{ newPassword: '123' }, required.newPassword],
    [{ confirmNewPassword: undefined }, required.confirmNewPassword],
    [{ confirmNewPassword: 'other-pass' }, passwords.mismatch],
    [{ newPassword: PASSWORD, confirmNewPassword: PASSWORD }, passwords.sameAsOld],
  ])('refuses %j with the spec message', async (overrides, message) => {
    const { cookie } = await w.company();
    const response = await change('company', cookie, {
      currentPassword: PASSWORD,
      newPassword: 'brand-new-1',
      confirmNewPassword: 'brand-new-1',
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});
