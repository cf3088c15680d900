import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/college-staff/getCollegeStaffData', () => {
  it("returns the staff member's record without any password field", async () => {
    const { cookie, email } = await signUp(t.app, 'college-staff', { firstName: 'Nisha', staffID: '4521' });
    const response = await t.app.inject({
      url: '/api/college-staff/getCollegeStaffData',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: {
        _id: expect.any(String),
        role: 'Allowed',
        personalDetail: {
          firstName: 'Nisha',
          lastName: 'Verma',
          staffID: '4521',
          emailID: email,
          phone: '9876543210',
          profilePicture: '',
        },
        notifications: [],
      },
    });
  });
});
