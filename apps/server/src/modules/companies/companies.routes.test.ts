import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approval, placementCell } from '@portal/contracts/messages';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { world, type World } from '../../test/world.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
});
afterAll(() => t.close());

describe('GET /api/company/getCompanyData', () => {
  it("returns the recruiter's details and the company name", async () => {
    const { cookie, email } = await w.company({ company: 'Globex Labs', firstName: 'Irfan' });
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
        pendingName: null,
        statusReason: '',
        notifications: [
          expect.objectContaining({ from: placementCell.sender, title: approval.approvedTitle, read: false }),
        ],
      },
    });
  });
});

describe('companies for staff', () => {
  it('lists companies with recruiter, jobs and applicants, and details with counts per stage', async () => {
    const staff = await w.staff();
    const company = await w.company({
      company: 'Counting Co',
      firstName: 'Ravi',
      lastName: 'Shah',
    });
    const jobA = await w.job(company, { role: 'Analyst' });
    await w.job(company, { role: 'Engineer' });
    for (let i = 0; i < 2; i++) await w.apply(await w.student(), jobA);

    const list = await t.app.inject({
      url: '/api/college-staff/companies',
      headers: { cookie: staff.cookie },
    });
    expect(list.statusCode).toBe(200);
    const summary = (list.json().message.items as { company: string }[]).find(
      (c) => c.company === 'Counting Co',
    );
    expect(summary).toMatchObject({
      recruiterName: 'Ravi Shah',
      emailID: company.email,
      role: 'Allowed',
      jobs: 2,
      applicants: 2,
    });

    const id = (summary as unknown as { _id: string })._id;
    const details = await t.app.inject({
      url: `/api/college-staff/companyDetails/${id}`,
      headers: { cookie: staff.cookie },
    });
    const analyst = details.json().message.jobList.find((j: { role: string }) => j.role === 'Analyst');
    expect(analyst.applicants).toBe(2);
    expect(analyst.byStage.find((s: { stage: string }) => s.stage === 'Form Submitted').count).toBe(2);

    const unknown = await t.app.inject({
      url: '/api/college-staff/companyDetails/00000000-0000-4000-8000-000000000000',
      headers: { cookie: staff.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
