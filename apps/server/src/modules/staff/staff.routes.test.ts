import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, notFound, staffActions } from '@portal/contracts/messages';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
});
afterAll(() => t.close());

describe('GET /api/college-staff/getCollegeStaffData', () => {
  it("returns the staff member's record without any password field", async () => {
    const { cookie, email } = await w.staff({ firstName: 'Nisha', staffID: '4521' });
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

describe('PUT /api/college-staff/companies/:id/status', () => {
  it('suspends a company at once, hides its jobs from students, and allows it again', async () => {
    const staff = await w.staff();
    const company = await w.company({ company: 'Shady Ltd' });
    const student = await w.student();
    await w.job(company, { role: 'Role' });
    const listed = async () =>
      (await t.app.inject({ url: '/api/student/getJobs', headers: { cookie: student.cookie } }))
        .json()
        .message.map((c: { companyName: string }) => c.companyName);
    expect(await listed()).toContain('Shady Ltd');

    const setStatus = (role: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/college-staff/companies/${company.id}/status`,
        headers: { cookie: staff.cookie },
        payload: { role },
      });
    const suspended = await setStatus('Suspended');
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toEqual({ message: staffActions.companySuspended });
    const refused = await t.app.inject({
      url: '/api/company/getCompanyData',
      headers: { cookie: company.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: auth.suspended });
    expect(await listed()).not.toContain('Shady Ltd');

    expect((await setStatus('Allowed')).json()).toEqual({ message: staffActions.companyAllowed });
    expect(
      (await t.app.inject({ url: '/api/company/getCompanyData', headers: { cookie: company.cookie } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an unknown status, a student id and an unknown id', async () => {
    const staff = await w.staff();
    const student = await w.student();
    const put = (id: string, role: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/college-staff/companies/${id}/status`,
        headers: { cookie: staff.cookie },
        payload: { role },
      });
    expect((await put(student.id, 'Debarred')).json()).toEqual({
      message: staffActions.badCompanyStatus,
    });
    const notCompany = await put(student.id, 'Suspended');
    expect(notCompany.statusCode).toBe(404);
    expect(notCompany.json()).toEqual({ message: notFound.company });
    const after = await t.app.inject({
      url: '/api/student/getUserData',
      headers: { cookie: student.cookie },
    });
    expect(after.statusCode).toBe(200);
  });
});

describe('PUT /api/college-staff/collegeStaffProfileUpdate', () => {
  it('updates the own details but never the email, refusing it by name', async () => {
    const staff = await w.staff();
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/college-staff/collegeStaffProfileUpdate',
        headers: { cookie: staff.cookie },
        payload,
      });
    const ok = await put({ firstName: 'Anita', lastName: 'Desai', staffID: '777', phone: '9000000001' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message.personalDetail).toMatchObject({
      firstName: 'Anita',
      staffID: '777',
      phone: '9000000001',
      emailID: staff.email,
    });
    const email = await put({
      firstName: 'A',
      lastName: 'D',
      staffID: '7',
      phone: '9000000001',
      emailID: 'x@y.com',
    });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toEqual({ message: 'emailID cannot be changed here.' });
  });

  it('takes a Staff-ID sent as a JSON number as its digits', async () => {
    const staff = await w.staff();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/college-staff/collegeStaffProfileUpdate',
      headers: { cookie: staff.cookie },
      payload: { firstName: 'Anita', lastName: 'Desai', staffID: 8080, phone: '9000000001' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message.personalDetail.staffID).toBe('8080');
  });
});
