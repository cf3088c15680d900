import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/company/getCompanyData', () => {
  it("returns the recruiter's details and the company name", async () => {
    const { cookie, email } = await signUp(t.app, 'company', { company: 'Globex Labs', firstName: 'Irfan' });
    const response = await t.app.inject({ url: '/api/company/getCompanyData', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: {
        _id: expect.any(String),
        role: 'Allowed',
        personalDetail: {
          firstName: 'Irfan',
          lastName: 'Verma',
          staffID: '2001',
          emailID: email,
          phone: '9876543210',
          profilePicture: '',
        },
        company: 'Globex Labs',
        notifications: [],
      },
    });
  });
});
