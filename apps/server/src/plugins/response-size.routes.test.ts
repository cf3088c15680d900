import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INTERNSHIPS, MAX_PROJECTS } from '@portal/contracts/students';
import { internships, notifications, projects } from '../db/schema.ts';
import { insertStudents } from '../test/bulk-students.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { world, type World } from '../test/world.ts';

/**
 * The worst case of each bounded list: every entry at the longest the contract allows, written in a
 * character that takes 3 bytes in UTF-8 (the most one UTF-16 unit of a stored text can take), and
 * as many entries as the bound lets through. The figures are in docs/api.md.
 */
const wide = (units: number) => '€'.repeat(units);
const KB = 1024;

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = world(t);
});
afterAll(() => t.close());

const size = (body: string) => Buffer.byteLength(body, 'utf8');

describe('worst-case response sizes', () => {
  it('GET /api/student/getUserData with 50 internships, 50 projects and 20 notifications, all at full length: under 850 KB', async () => {
    const s = await w.student({ firstName: wide(50), lastName: wide(50) });
    const { id } = s;
    await t.db.insert(internships).values(
      Array.from({ length: MAX_INTERNSHIPS }, () => ({
        studentId: id,
        company: wide(100),
        role: wide(100),
        duration: wide(50),
        description: wide(2000),
      })),
    );
    await t.db.insert(projects).values(
      Array.from({ length: MAX_PROJECTS }, () => ({
        studentId: id,
        title: wide(150),
        link: `https://${wide(492)}`,
        duration: wide(50),
        description: wide(2000),
      })),
    );
    await t.db.insert(notifications).values(
      Array.from({ length: 40 }, () => ({
        accountId: id,
        sender: wide(100),
        title: wide(200),
        body: wide(1000),
      })),
    );
    const response = await t.app.inject({ url: '/api/student/getUserData', headers: { cookie: s.cookie } });
    expect(response.statusCode).toBe(200);
    const record = response.json().message;
    expect(record.pastInternshipsProjects.internships).toHaveLength(50);
    expect(record.notifications).toHaveLength(20);
    expect(size(response.body)).toBeGreaterThan(750 * KB);
    expect(size(response.body)).toBeLessThan(850 * KB);
  });

  it('GET /api/notifications, a page of 100 at full length: under 400 KB', async () => {
    const s = await w.student();
    const { id } = s;
    await t.db.insert(notifications).values(
      Array.from({ length: 150 }, () => ({
        accountId: id,
        sender: wide(100),
        title: wide(200),
        body: wide(1000),
      })),
    );
    const response = await t.app.inject({
      url: '/api/notifications?pageSize=100',
      headers: { cookie: s.cookie },
    });
    expect(response.json().message.items).toHaveLength(100);
    expect(response.json().message.total).toBe(150);
    expect(size(response.body)).toBeLessThan(400 * KB);
  });

  it('GET /api/company/applicants, a page of 100 at full length: under 400 KB', async () => {
    const company = await w.company();
    const companyId = company.id;
    await insertStudents(t.db, 120, 'Sizey');
    await t.db.execute(sql`
      update accounts set first_name = ${wide(50)}, last_name = ${wide(50)}
      where first_name = 'Sizey'`);
    await t.db.execute(sql`
      update students set degrees = array_fill(${wide(100)}::text, array[10])
      where account_id in (select id from accounts where email like 'sizey-%')`);
    await t.db.execute(sql`
      with job as (
        insert into jobs (company_id, role, description, qualifications, start_date, application_deadline)
        values (${companyId}, ${wide(100)}, 'd', '{}', '2020-01-01', '2099-12-31') returning id
      )
      insert into applications (job_id, student_id)
      select job.id, a.id from job, accounts a where a.email like 'sizey-%'`);
    const response = await t.app.inject({
      url: '/api/company/applicants?pageSize=100',
      headers: { cookie: company.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message.items).toHaveLength(100);
    expect(response.json().message.total).toBe(120);
    expect(size(response.body)).toBeLessThan(400 * KB);
  });

  it('GET /api/college-staff/companies, a page of 100 at full length: under 350 KB', async () => {
    const staff = await w.staff();
    await t.db.execute(sql`
      with made as (
        insert into accounts (role, email, password_hash, first_name, last_name, phone, status)
        select 'company', 'c' || n || '-' || repeat('x', 230) || '@size.example.com', 'x',
               ${wide(50)}, ${wide(50)}, '9876543210', 'Rejected'
        from generate_series(1, 110) n
        returning id
      )
      , company as (
        insert into companies (account_id, staff_id, name, status_reason)
        select id, '1', ${wide(100)}, ${wide(500)} from made
        returning account_id
      )
      insert into company_colleges (company_id, college_id, status, status_reason)
      select account_id, 1, 'Rejected', ${wide(500)} from company`);
    const response = await t.app.inject({
      url: '/api/college-staff/companies?status=Rejected&pageSize=100',
      headers: { cookie: staff.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message.items).toHaveLength(100);
    expect(size(response.body)).toBeLessThan(350 * KB);
  });
});
