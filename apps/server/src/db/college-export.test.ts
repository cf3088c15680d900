import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auth } from '@portal/contracts/messages';
import { createCollegesRepo } from '../modules/colleges/colleges.repo.ts';
import { createCollegesService } from '../modules/colleges/colleges.service.ts';
import { createStorage } from '../services.ts';
import { PASSWORD } from '../test/accounts.ts';
import { startSmtpServer, type SmtpServer } from '../test/smtp.ts';
import { createTestApp, type TestApp, testConfig } from '../test/test-app.ts';
import { type Company, type Person, world } from '../test/world.ts';
import { withinColleges } from './college-scope.ts';
import {
  type CollegeExport,
  collegeExportMessages,
  collegeTables,
  copyCollegeFiles,
  exportCollege,
  notExported,
  putBackCollegeFiles,
  restoreCollege,
  sharedTables,
  writeCollegeExport,
} from './college-export.ts';
import { rowsOf } from './raw-rows.ts';
import { accounts, companies, events, jobs, offers, programmes, recordViews, students } from './schema.ts';

type Rows = Record<string, unknown>[];

/**
 * Two colleges, each with staff, students and applications to one job posted to both; the second
 * college ("north", A below) also has a company of its own with a job posted to it alone. A's rows
 * are exported, A's and B's rows are changed, A is restored: A's rows are as exported and B's as
 * changed. Every check reads the tables itself, not through the code under test.
 */
describe('one college exported and restored on its own', () => {
  let t: TestApp;
  let dir: string;
  let file: string;
  let filesDir: string;
  let north: number;
  let firstSlug: string;
  let staffA: Person;
  let studentA1: Person;
  let studentA2: Person;
  let staffB: Person;
  let studentB: Person;
  let company: Company;
  let companyA: Company;
  let exported: CollegeExport;

  const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(text));

  /** Every row of every table of the public schema, each table's rows in one order. */
  async function everything(): Promise<Record<string, Rows>> {
    const names = await query<{ name: string }>(
      sql`select tablename::text as name from pg_tables where schemaname = 'public' order by 1`,
    );
    const all: Record<string, Rows> = {};
    for (const { name } of names) {
      const t_ = sql.identifier(name);
      const [row] = await query<{ rows: Rows }>(
        sql`select coalesce(json_agg(x order by x::text), '[]'::json) as rows from (select row_to_json(${t_}) as x from ${t_}) q`,
      );
      all[name] = row!.rows;
    }
    return all;
  }

  /**
   * The rows of a college, in the tables a bad import or an edit touches, read here by the test's
   * own rules (the college's accounts and students, and the rows hanging off them).
   */
  async function ofCollege(college: number): Promise<Record<string, Rows>> {
    const by = async (table: string, where: ReturnType<typeof sql>) => {
      const t_ = sql.identifier(table);
      const [row] = await query<{ rows: Rows }>(
        sql`select coalesce(json_agg(x order by x::text), '[]'::json) as rows
            from (select row_to_json(${t_}) as x from ${t_} where ${where}) q`,
      );
      return row!.rows;
    };
    const theirAccounts = sql`(select id from accounts where college_id = ${college})`;
    return {
      colleges: await by('colleges', sql`id = ${college}`),
      accounts: await by('accounts', sql`college_id = ${college}`),
      students: await by('students', sql`college_id = ${college}`),
      staff_members: await by('staff_members', sql`account_id in ${theirAccounts}`),
      student_audit_log: await by('student_audit_log', sql`student_id in ${theirAccounts}`),
      applications: await by('applications', sql`college_id = ${college}`),
      application_events: await by('application_events', sql`college_id = ${college}`),
      notifications: await by('notifications', sql`account_id in ${theirAccounts}`),
      programmes: await by('programmes', sql`college_id = ${college}`),
      placement_policies: await by('placement_policies', sql`college_id = ${college}`),
      college_settings: await by('college_settings', sql`id = ${college}`),
      company_colleges: await by('company_colleges', sql`college_id = ${college}`),
      company_status_changes: await by('company_status_changes', sql`college_id = ${college}`),
      company_name_changes: await by('company_name_changes', sql`college_id = ${college}`),
      job_colleges: await by('job_colleges', sql`college_id = ${college}`),
    };
  }

  /** The rows no college owns: companies and their jobs. */
  async function shared(): Promise<Record<string, Rows>> {
    const all = await everything();
    return {
      companies: all.companies!,
      jobs: all.jobs!,
      companyAccounts: all.accounts!.filter((a) => a.role === 'company'),
    };
  }

  const storage = () => createStorage(t.config);
  /** A stored file's bytes, read from storage. */
  async function bytesIn(key: string): Promise<Buffer | null> {
    const stored = await storage().get(key);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }

  const call = (cookie: string, method: 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

  beforeAll(async () => {
    t = await createTestApp();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-college-export-'));
    file = path.join(dir, 'north.json');
    filesDir = path.join(dir, 'north-files');
    const w = world(t);
    north = (
      await createCollegesService({ collegesRepo: createCollegesRepo(t.db) }).create({
        slug: 'north',
        name: 'North College',
      })
    ).id;
    [{ slug: firstSlug }] = (await query<{ slug: string }>(sql`select slug from colleges where id = 1`)) as [
      { slug: string },
    ];
    staffB = await w.staff();
    studentB = await w.student({ academics: true });
    company = await w.company({ company: 'Two Campus Labs' });
    staffA = await withinColleges([north], () => w.staff());
    [studentA1, studentA2] = await withinColleges([north], async () => [
      await w.student({ academics: true, verified: staffA }),
      await w.student({ academics: true }),
    ]);
    // The company asks North too, whose staff allow it; another company recruits at North alone.
    expect((await call(company.cookie, 'POST', `/api/company/colleges/${north}`)).statusCode).toBe(200);
    expect(
      (
        await call(staffA.cookie, 'PUT', `/api/college-staff/companies/${company.id}/status`, {
          role: 'Allowed',
          reason: '',
        })
      ).statusCode,
    ).toBe(200);
    companyA = await w.company({ company: 'North Only Works', college: north });
    expect(
      (
        await call(staffA.cookie, 'PUT', `/api/college-staff/companies/${companyA.id}/status`, {
          role: 'Allowed',
          reason: '',
        })
      ).statusCode,
    ).toBe(200);
    // North's company renames itself, and North's staff approve the name (a decision of the college).
    const renamed = await call(companyA.cookie, 'PUT', '/api/company/companyProfileUpdate', {
      firstName: 'Irfan',
      lastName: 'Khan',
      staffID: '2001',
      phone: '9876543210',
      company: 'North Only Works Global',
    });
    expect(renamed.statusCode).toBe(200);
    const named = await call(staffA.cookie, 'PUT', `/api/college-staff/companies/${companyA.id}/name`, {
      decision: 'Approved',
      name: 'North Only Works Global',
    });
    expect(named.statusCode).toBe(200);
    const both = await w.job(company, { role: 'Two Campus Engineer', colleges: [1, north] });
    const northOnly = await w.job(companyA, { role: 'North Analyst', colleges: [north] });
    await withinColleges([north], async () => {
      await w.apply(studentA1, both);
      await w.apply(studentA2, northOnly);
    });
    await w.apply(studentB, both);
    // North's company looked at a student's resume (a row of the college naming a shared account).
    await t.db.insert(recordViews).values({
      studentId: studentA1.id,
      viewerId: companyA.id,
      viewerName: 'North Only Works',
      what: 'resume',
    });
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it("classifies every table of the schema: the college's, shared, or left out of exports", async () => {
    const names = (
      await query<{ name: string }>(
        sql`select tablename::text as name from pg_tables where schemaname = 'public' order by 1`,
      )
    ).map((r) => r.name);
    const classified = new Set([
      ...collegeTables.map((c) => c.name),
      ...sharedTables,
      ...Object.keys(notExported),
    ]);
    expect(names.filter((n) => !classified.has(n))).toEqual([]);
  });

  it("exports exactly the college's rows, the shared rows they reference, and lists the files it leaves out", async () => {
    exported = await exportCollege(t.db, 'north', inject('dbDriver'));
    await writeCollegeExport(exported, file);
    const text = await fs.readFile(file, 'utf8');
    expect(exported.college).toEqual({ id: north, slug: 'north', name: 'North College' });
    const ids = (rows: Rows | undefined, key: string) => (rows ?? []).map((r) => r[key]).sort();
    expect(ids(exported.tables.accounts!.rows, 'id')).toEqual([staffA.id, studentA1.id, studentA2.id].sort());
    expect(ids(exported.tables.students!.rows, 'account_id')).toEqual([studentA1.id, studentA2.id].sort());
    expect(exported.tables.applications!.rows).toHaveLength(2);
    // North's decision on a company's name is North's; the company's ask for it is shared.
    expect(exported.tables.company_name_changes!.rows.map((r) => [r.event, r.college_id])).toEqual([
      ['Approved', north],
    ]);
    // Nothing of the first college: neither its people nor its settings.
    for (const person of [staffB, studentB]) expect(text).not.toContain(person.id);
    expect(exported.tables.college_settings!.rows.map((r) => r.id)).toEqual([north]);
    expect(ids(exported.shared.companies, 'account_id')).toEqual([company.id, companyA.id].sort());
    expect(exported.shared.jobs).toHaveLength(2);
    expect(exported.shared.accounts!.every((a) => !('password_hash' in a))).toBe(true);
    // The two students' resumes (uploaded to apply) stay in storage: listed, not included.
    expect(exported.notIncluded.files).toHaveLength(2);
    // --files copies them beside the export, byte for byte.
    const copied = await copyCollegeFiles(storage(), exported.notIncluded.files, filesDir);
    expect(copied).toMatchObject({ copied: 2, missing: [] });
    for (const key of exported.notIncluded.files) {
      expect(await fs.readFile(path.join(filesDir, key))).toEqual(await bytesIn(key));
    }
    expect(exported.notIncluded.tables.sessions).toBe('sign-in sessions');
  });

  it("restores the college's rows as exported and leaves the other college's as they are now", async () => {
    const atExport = await ofCollege(north);
    const w = world(t);
    // A's records ruined: a student deleted, another given their roll number, renamed, a new
    // degree and CGPA; a student added.
    const rollOfA2 = exported.tables.students!.rows.find((r) => r.account_id === studentA2.id)!.roll_number;
    expect(rollOfA2).toEqual(expect.any(String));
    await t.db.delete(accounts).where(eq(accounts.id, studentA2.id));
    await withinColleges([north], async () => {
      await w.staffEdit(
        studentA1,
        (form) => {
          form.personalDetail.firstName = 'Wrongname';
          form.educationalDetails.cgpa = 1.5;
          form.educationalDetails.degrees = ['M.Sc Physics'];
          form.educationalDetails.rollNumber = rollOfA2 as string;
        },
        staffA,
      );
      await w.student({ academics: true });
    });
    // A programme added since, which the student now holds (deleted only once they hold theirs again).
    const [added] = await t.db
      .insert(programmes)
      .values({
        collegeId: north,
        code: 'MSC-PHY',
        level: 'Postgraduate',
        degree: 'M.Sc',
        branch: 'Physics',
        durationYears: 2,
      })
      .returning({ id: programmes.id });
    await t.db.update(students).set({ programmeId: added!.id }).where(eq(students.accountId, studentA1.id));
    // B changes meanwhile: its student edited, a new student.
    await w.staffEdit(
      studentB,
      (form) => {
        form.personalDetail.lastName = 'Changed';
      },
      staffB,
    );
    await w.student({ academics: true });
    const bBefore = await ofCollege(1);
    const sharedBefore = await shared();
    expect((await ofCollege(north)).accounts).not.toEqual(atExport.accounts);

    const summary = await restoreCollege(t.db, { file, slug: 'north' });

    expect(summary.skipped).toEqual({});
    expect(summary.restored.students).toBe(2);
    expect(await ofCollege(north)).toEqual(atExport);
    expect(await ofCollege(1)).toEqual(bBefore);
    expect(await shared()).toEqual(sharedBefore);
    // A student of A kept their session: the restore keeps what exports leave out.
    const me = await t.app.inject({ url: '/api/student/getUserData', headers: { cookie: studentA1.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.body).toContain(studentA1.email);

    // The deleted student's resume left storage (as the sweep of files no record names removes
    // it); --files puts it back from the copy, and keeps the one storage still has.
    const resumeOfA2 = exported.tables.students!.rows.find((r) => r.account_id === studentA2.id)!
      .resume as string;
    await storage().delete(resumeOfA2);
    const files = await putBackCollegeFiles(storage(), exported.notIncluded.files, filesDir);
    expect(files).toEqual({ put: 1, kept: 1, missing: [] });
    expect(await bytesIn(resumeOfA2)).toEqual(await fs.readFile(path.join(filesDir, resumeOfA2)));
  });

  it('restores again to the same rows: a second restore changes nothing', async () => {
    const before = await everything();
    await restoreCollege(t.db, { file, slug: 'north' });
    const after = await everything();
    for (const table of ['accounts', 'students', 'applications', 'jobs', 'companies', 'staff_members']) {
      expect(after[table]).toEqual(before[table]);
    }
  });

  describe('refuses, changing nothing', () => {
    const write = async (name: string, content: string) => {
      const at = path.join(dir, name);
      await fs.writeFile(at, content);
      return at;
    };
    const refuses = async (options: { file: string; slug: string }, message: string) => {
      const before = await everything();
      await expect(restoreCollege(t.db, options)).rejects.toThrow(message);
      expect(await everything()).toEqual(before);
    };

    it('a file that is not an export', async () => {
      const text = await write('notes.txt', 'hello');
      await refuses({ file: text, slug: 'north' }, collegeExportMessages.notAnExport(text, 'it is not JSON'));
      const other = await write('other.json', '{"format":"something-else"}');
      await refuses(
        { file: other, slug: 'north' },
        collegeExportMessages.notAnExport(
          other,
          'it does not say "format": "campus-placement-portal-college-export"',
        ),
      );
      const missing = path.join(dir, 'missing.json');
      await refuses({ file: missing, slug: 'north' }, collegeExportMessages.noFile(missing));
    });

    it('the export of another college', async () => {
      await refuses({ file, slug: firstSlug }, collegeExportMessages.otherCollege(file, 'north', firstSlug));
    });

    it('a college this database does not have', async () => {
      const renamed = await write(
        'south.json',
        JSON.stringify({ ...exported, college: { ...exported.college, slug: 'south' } }),
      );
      await refuses(
        { file: renamed, slug: 'south' },
        collegeExportMessages.noCollege('south', [firstSlug, 'north']),
      );
    });

    it('an export made by a newer schema', async () => {
      const newer = await write(
        'newer.json',
        JSON.stringify({ ...exported, migrations: exported.migrations + 1 }),
      );
      await refuses(
        { file: newer, slug: 'north' },
        collegeExportMessages.newer(
          newer,
          `its database had ${exported.migrations + 1} migrations, this one has ${exported.migrations}`,
        ),
      );
    });

    it("an export holding another college's row", async () => {
      const [b] = await query<Record<string, unknown>>(
        sql`select row_to_json(a) as r from accounts a where id = ${studentB.id}`,
      );
      const foreign = { ...(b!.r as Record<string, unknown>), college_id: north, first_name: 'Stolen' };
      const edited = structuredClone(exported);
      edited.tables.accounts!.rows.push(foreign);
      const at = await write('foreign.json', JSON.stringify(edited));
      await refuses({ file: at, slug: 'north' }, collegeExportMessages.foreignRows(at, 'accounts'));
    });
  });

  it('skips, and counts, the rows that reference a company erased since the export', async () => {
    // North's own company leaves: its account, job and standing go, and with them A's application.
    await t.db.delete(accounts).where(eq(accounts.id, companyA.id));
    const sharedBefore = await shared();
    const summary = await restoreCollege(t.db, { file, slug: 'north' });
    expect(summary.skipped).toEqual({
      applications: 1,
      application_events: 1,
      company_colleges: 1,
      company_name_changes: 1,
      company_status_changes: 1,
      job_colleges: 1,
    });
    // The look at the resume stays in the student's record, its viewer emptied as if deleted after it.
    expect(summary.emptied).toEqual({ 'record_views.viewer_id': 1 });
    const views = await t.db.select().from(recordViews).where(eq(recordViews.studentId, studentA1.id));
    expect(views.filter((v) => v.viewerName === 'North Only Works').map((v) => v.viewerId)).toEqual([null]);
    expect(await shared()).toEqual(sharedBefore);
    const now = await ofCollege(north);
    expect(now.students).toHaveLength(2);
    expect(now.applications!.map((a) => a.student_id)).toEqual([studentA1.id]);
  });

  /**
   * `withCompanies` (npm run restore -- --with-companies): North, with a company of its own whose
   * job it made an offer and an event for, is exported, then restored into a fresh database that
   * has North but none of its companies, into the original one, and into one where another account
   * holds the company's email.
   */
  describe('with the companies: a college moving to a deployment of its own', () => {
    let moveFile: string;
    let mover: Company;
    let moverJob: string;
    let eventId: string;
    let moved: CollegeExport;
    const others: TestApp[] = [];
    let smtp: SmtpServer;

    /** A fresh database (app) with only the college North added, as `npm run college -- add` does. */
    async function deploymentWithNorth() {
      // Its email goes to the test's SMTP server, where the test reads the reset link.
      const other = await createTestApp({ mail: { ...testConfig().mail, smtpUrl: smtp.url } });
      others.push(other);
      const id = (
        await createCollegesService({ collegesRepo: createCollegesRepo(other.db) }).create({
          slug: 'north',
          name: 'North College',
        })
      ).id;
      return { other, id };
    }
    const countOf = async (db: TestApp['db'], table: string, college: number) => {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where college_id = ${college}`,
        ),
      );
      return row!.n;
    };

    beforeAll(async () => {
      smtp = await startSmtpServer();
      const w = world(t);
      mover = await w.company({ company: 'Movers and Makers', college: north });
      expect(
        (
          await call(staffA.cookie, 'PUT', `/api/college-staff/companies/${mover.id}/status`, {
            role: 'Allowed',
            reason: '',
          })
        ).statusCode,
      ).toBe(200);
      moverJob = (await w.job(mover, { role: 'Mover Engineer', colleges: [north] }))._id;
      const application = await withinColleges([north], () => w.apply(studentA2, moverJob));
      await t.db.insert(offers).values({
        applicationId: application,
        studentId: studentA2.id,
        jobId: moverJob,
        package: 9.5,
        decideBy: '2027-01-31',
        tierName: 'Dream',
        policyVersion: 1,
      });
      const [event] = await t.db
        .insert(events)
        .values({
          collegeId: north,
          kind: 'Pre-placement talk',
          title: 'Movers talk',
          startsAt: new Date('2027-01-10T10:00:00Z'),
          endsAt: new Date('2027-01-10T11:00:00Z'),
          capacity: 100,
          audience: 'college',
          jobId: moverJob,
          companyId: mover.id,
          createdById: mover.id,
          createdByName: 'Movers and Makers',
        })
        .returning({ id: events.id });
      eventId = event!.id;
      await t.db.update(jobs).set({ requiredEventId: eventId }).where(eq(jobs.id, moverJob));
      moved = await exportCollege(t.db, 'north', inject('dbDriver'));
      moveFile = path.join(dir, 'north-move.json');
      await writeCollegeExport(moved, moveFile);
    });
    afterAll(async () => {
      for (const other of others) await other.close();
      await smtp?.close();
    });

    it('creates the companies and jobs a fresh database lacks, so the applications, offers and events stay', async () => {
      const { other, id: there } = await deploymentWithNorth();
      const summary = await restoreCollege(other.db, { file: moveFile, slug: 'north', withCompanies: true });

      expect(summary.skipped).toEqual({});
      expect(summary.shared).toEqual({
        created: { accounts: 2, companies: 2, jobs: 2 },
        kept: {},
        skipped: {},
      });
      // Both of North's applications: to the job of both colleges, and to its own company's job.
      expect(moved.tables.applications!.rows).toHaveLength(2);
      expect(await countOf(other.db, 'applications', there)).toBe(2);
      expect(await countOf(other.db, 'offers', there)).toBe(1);
      expect(await countOf(other.db, 'events', there)).toBe(1);
      // The companies and jobs as exported; the job's required event is the college's, restored.
      const [company] = await other.db.select().from(companies).where(eq(companies.accountId, mover.id));
      expect(company?.name).toBe('Movers and Makers');
      const [job] = await other.db.select().from(jobs).where(eq(jobs.id, moverJob));
      expect(job).toMatchObject({ role: 'Mover Engineer', companyId: mover.id, requiredEventId: eventId });
      // Listed only where it is posted: the job posted to both colleges of the original is posted
      // to North alone here, not to this database's first college.
      const [both] = rowsOf<{ colleges: number[] }>(
        await other.db.execute(
          sql`select array_agg(jc.college_id order by jc.college_id) as colleges from job_colleges jc
              join jobs j on j.id = jc.job_id where j.role = 'Two Campus Engineer'`,
        ),
      );
      expect(both?.colleges).toEqual([there]);
      // No usable password: the old one fails as any wrong password does.
      const [account] = await other.db.select().from(accounts).where(eq(accounts.id, mover.id));
      expect(account).toMatchObject({
        email: mover.email,
        role: 'company',
        passwordHash: '',
        collegeId: null,
      });
      const signin = await other.app.inject({
        method: 'POST',
        url: '/api/company/signin',
        payload: { emailID: mover.email, password: PASSWORD },
      });
      expect(signin.statusCode).toBe(401);
      expect(signin.json()).toEqual({ message: auth.badCredentials });
      // "Forgot password" gives it one: the emailed link sets a password it signs in with.
      const forgot = await other.app.inject({
        method: 'POST',
        url: '/api/company/forgotPassword',
        payload: { emailID: mover.email },
      });
      expect(forgot.statusCode).toBe(200);
      const mail = await smtp.next(mover.email, /Reset your/);
      const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      expect(token).toEqual(expect.any(String));
      const reset = await other.app.inject({
        method: 'POST',
        url: '/api/company/resetForgottenPassword',
        payload: { token, newPassword: 'moved-in-1', confirmNewPassword: 'moved-in-1' },
      });
      expect(reset.statusCode).toBe(200);
      const signedIn = await other.app.inject({
        method: 'POST',
        url: '/api/company/signin',
        payload: { emailID: mover.email, password: 'moved-in-1' },
      });
      expect(signedIn.statusCode).toBe(200);
      // In the original the same company signs in with it.
      const original = await t.app.inject({
        method: 'POST',
        url: '/api/company/signin',
        payload: { emailID: mover.email, password: PASSWORD },
      });
      expect(original.statusCode).toBe(200);
    });

    it('changes no company or job that exists: restored into the original database', async () => {
      // Edited after the export: the company's name, the job's role and status, the recruiter's name.
      await t.db.update(companies).set({ name: 'Movers Renamed' }).where(eq(companies.accountId, mover.id));
      await t.db
        .update(jobs)
        .set({ role: 'Mover Engineer II', status: 'Closed' })
        .where(eq(jobs.id, moverJob));
      await t.db.update(accounts).set({ firstName: 'Edited' }).where(eq(accounts.id, mover.id));
      const sharedBefore = await shared();

      const summary = await restoreCollege(t.db, { file: moveFile, slug: 'north', withCompanies: true });

      expect(summary.skipped).toEqual({});
      expect(summary.shared).toEqual({
        created: {},
        kept: { accounts: 2, companies: 2, jobs: 2 },
        skipped: {},
      });
      expect(await shared()).toEqual(sharedBefore);
      const [job] = await t.db.select().from(jobs).where(eq(jobs.id, moverJob));
      expect(job).toMatchObject({ role: 'Mover Engineer II', status: 'Closed' });
      const [company] = await t.db.select().from(companies).where(eq(companies.accountId, mover.id));
      expect(company?.name).toBe('Movers Renamed');
      expect(await countOf(t.db, 'offers', north)).toBe(1);
    });

    it("skips, and counts, a company whose email is another account's there, with its dependents", async () => {
      const { other, id: there } = await deploymentWithNorth();
      // The first college of that database has a student with the recruiter's email.
      const holder = await world(other).student({ emailID: mover.email });
      const [before] = await other.db.select().from(accounts).where(eq(accounts.id, holder.id));

      const summary = await restoreCollege(other.db, { file: moveFile, slug: 'north', withCompanies: true });

      expect(summary.shared).toEqual({
        created: { accounts: 1, companies: 1, jobs: 1 },
        kept: {},
        skipped: { accounts: 1, companies: 1, jobs: 1 },
      });
      expect(summary.skipped).toEqual({
        applications: 1,
        application_events: 1,
        company_colleges: 1,
        company_status_changes: 1,
        events: 1,
        job_colleges: 1,
        offers: 1,
      });
      expect(await other.db.select().from(companies).where(eq(companies.accountId, mover.id))).toEqual([]);
      expect(await other.db.select().from(jobs).where(eq(jobs.id, moverJob))).toEqual([]);
      const [after] = await other.db.select().from(accounts).where(eq(accounts.id, holder.id));
      expect(after).toEqual(before);
      expect(await countOf(other.db, 'applications', there)).toBe(1);
      expect(await countOf(other.db, 'offers', there)).toBe(0);
    });
  });
});
