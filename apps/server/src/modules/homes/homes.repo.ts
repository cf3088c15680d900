import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { currentCollege, perScope, preparedOnFirstUse } from '../../db/college-scope.ts';
import { jsonObject } from '../../db/json-sql.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import {
  accounts,
  applicationEvents,
  applications,
  companies,
  companyColleges,
  internships,
  jobs,
  offers,
  projects,
  students,
} from '../../db/schema.ts';
import { vacancyFactsColumns, withPolicyDate } from '../placement-policy/placement-policy.read.ts';

/** A student's application as the home's statement sends it. */
type HomeApplicationJson = {
  applicationId: string;
  stage: (typeof applications.$inferSelect)['stage'];
  at: string | null;
  place: string;
  jobRole: string;
  companyName: string;
  offerState: (typeof offers.$inferSelect)['state'] | null;
  offerPackage: number | null;
  decideBy: string | null;
  tier: string | null;
};

/** A scheduled stage as a home lists it (`portal_company_schedule`, `portal_college_schedule`). */
type Scheduled = {
  applicationId: string;
  studentId: string;
  studentName: string;
  studentStatus: (typeof accounts.$inferSelect)['status'];
  studentCollege: number | null;
  stage: (typeof applications.$inferSelect)['stage'];
  at: Date;
  place: string;
  jobRole: string;
  companyName: string;
};

/**
 * The homes' reads: a few statements each, every list bounded and every filter on an index
 * (a student's applications, a company's jobs, the scheduled applications of a day, the newest
 * stage changes), so a home costs the same at 300 students and at 100,000.
 */
export function createHomesRepo(db: Database) {
  const studentAccount = alias(accounts, 'student_account');
  const studentName = sql<string>`${studentAccount.firstName} || ' ' || ${studentAccount.lastName}`;

  // The staff's home's statements with no part that varies, prepared once per scope: planning
  // them (five tables and their walls; three counts) was most of what they cost PostgreSQL.
  const staffCountsStatement = perScope(() =>
    // Plain SQL with qualified names: inside a raw subquery Drizzle writes its columns unqualified.
    db
      .select({
        companiesWaiting: sql<number>`(select count(*)::int from company_colleges cc where cc.college_id = ${currentCollege} and cc.status = 'Pending')`,
        nameChangesWaiting: sql<number>`(select count(*)::int from companies c where c.pending_name is not null and exists (select 1 from company_colleges cc where cc.company_id = c.account_id and cc.college_id = ${currentCollege} and cc.approved_name is distinct from c.pending_name))`,
        changeRequestsWaiting: sql<number>`(select count(*)::int from academic_change_requests r join students s on s.account_id = r.student_id where r.status = 'Pending' and s.college_id = ${currentCollege})`,
      })
      .from(sql`(select 1) as one`)
      .prepare('home_staff_counts'),
  );
  /**
   * The college's newest stage changes, newest first: the newest `limit` of them read from the
   * college's time index (migration 0043), and only those joined to their jobs, companies and
   * students. The limit is written into the statement: with a limit it cannot see, a prepared
   * statement's generic plan reckons on a tenth of the college's changes, and read and sorted every
   * one of them (95 ms at 100,000 students in ten colleges, against 2 ms).
   */
  const buildRecentActivity = (limit: number, name: string) => {
    // Plain SQL: Drizzle sends a limit as a parameter, and the limit must be in the text.
    const newest = sql`(select a.student_id, a.job_id, e.stage, e.actor_name, e.created_at
      from application_events e join applications a on a.id = e.application_id
      where e.college_id = ${currentCollege}
      order by e.created_at desc limit ${sql.raw(String(Math.trunc(limit)))}) as newest`;
    return db
      .select({
        studentId: sql<string>`newest.student_id`,
        studentName: studentName,
        jobRole: jobs.role,
        companyName: companies.name,
        stage: sql<string>`newest.stage`.mapWith(applicationEvents.stage),
        actorName: sql<string>`newest.actor_name`,
        at: sql<Date>`newest.created_at`.mapWith(applicationEvents.createdAt),
      })
      .from(newest)
      .innerJoin(jobs, sql`${jobs.id} = newest.job_id`)
      .innerJoin(companies, eq(companies.accountId, jobs.companyId))
      .innerJoin(studentAccount, sql`${studentAccount.id} = newest.student_id`)
      .orderBy(sql`newest.created_at desc`)
      .prepare(name);
  };
  const recentActivityStatements =
    preparedOnFirstUse<ReturnType<typeof buildRecentActivity>>('home_recent_activity');
  /**
   * The companies waiting for the college's approval, oldest request first. No part of it varies
   * (the limit and the standing are in the text), so PostgreSQL keeps one plan: with them as
   * parameters it planned every reading afresh (0.23 ms, `pg_stat_statements`).
   */
  const buildPendingCompanies = (limit: number, name: string) => {
    const waiting = sql`(select cc.company_id, cc.asked_at from company_colleges cc
      where cc.college_id = ${currentCollege} and cc.status = 'Pending'
      order by cc.asked_at limit ${sql.raw(String(Math.trunc(limit)))}) as waiting`;
    return db
      .select({
        _id: companies.accountId,
        name: companies.name,
        createdAt: sql<Date>`waiting.asked_at`.mapWith(companyColleges.askedAt),
      })
      .from(waiting)
      .innerJoin(companies, sql`${companies.accountId} = waiting.company_id`)
      .orderBy(sql`waiting.asked_at`)
      .prepare(name);
  };
  const pendingCompaniesStatements =
    preparedOnFirstUse<ReturnType<typeof buildPendingCompanies>>('home_pending_companies');

  /** A company's applicants waiting at the first stage and its offers waiting for an answer, in one statement. */
  const companyCountsStatement = perScope(() =>
    db
      .select({
        newApplicants: sql<number>`(select count(*)::int from applications a join jobs j on j.id = a.job_id where j.company_id = ${sql.placeholder('companyId')} and a.stage = 'Form Submitted')`,
        offersWaiting: sql<number>`(select count(*)::int from offers o join jobs j on j.id = o.job_id where j.company_id = ${sql.placeholder('companyId')} and o.state = 'Offered')`,
      })
      .from(sql`(select 1) as one`)
      .prepare('home_company_counts'),
  );

  /** A student's applications as the home reads them, in the statement's JSON (times as ISO text). */
  const studentApplicationsJson = sql<HomeApplicationJson[]>`coalesce((select json_agg(${jsonObject({
    applicationId: applications.id,
    stage: applications.stage,
    at: applications.scheduleAt,
    place: applications.schedulePlace,
    jobRole: jobs.role,
    companyName: companies.name,
    offerState: offers.state,
    offerPackage: offers.package,
    decideBy: offers.decideBy,
    tier: offers.tierName,
  })} order by ${applications.createdAt} desc)
    from ${applications}
    join ${jobs} on ${jobs.id} = ${applications.jobId}
    join ${companies} on ${companies.accountId} = ${jobs.companyId}
    left join ${offers} on ${offers.applicationId} = ${applications.id}
    where ${applications.studentId} = ${students.accountId}), '[]'::json)`;
  // The student's home: their profile's facts and every application (a student has tens at most),
  // in one statement, prepared once per scope rather than built afresh on every visit (building
  // its statements was a tenth of the home's server CPU; the second round trip, another part).
  const studentHomeStatement = perScope(() =>
    db
      .select({
        firstName: accounts.firstName,
        lastName: accounts.lastName,
        phone: accounts.phone,
        picture: accounts.profilePicture,
        fathersName: students.fathersName,
        mothersName: students.mothersName,
        hasRollNumber: sql<boolean>`${students.rollNumber} is not null`,
        degrees: students.degrees,
        collegeName: students.collegeName,
        cgpa: students.cgpa,
        yearOfPassing: students.yearOfPassing,
        resume: students.resume,
        hasInternship: sql<boolean>`exists (select 1 from ${internships} where ${internships.studentId} = ${students.accountId})`,
        hasProject: sql<boolean>`exists (select 1 from ${projects} where ${projects.studentId} = ${students.accountId})`,
        applications: studentApplicationsJson,
        // What the home's list of vacancies decides with, in the same statement (it was a second).
        vacancyFacts: vacancyFactsColumns,
      })
      .from(students)
      .innerJoin(accounts, eq(accounts.id, students.accountId))
      .where(eq(students.accountId, sql.placeholder('studentId')))
      .prepare('home_student'),
  );

  return {
    /**
     * What the completeness of a student's profile is worked out from, every application of
     * theirs with its job, company and offer, newest first, and what their list of vacancies
     * decides with (`vacancyFactsColumns`); undefined for no such student.
     */
    async studentHome(studentId: string) {
      const [row] = await studentHomeStatement().execute({ studentId });
      return (
        row && {
          ...row,
          applications: row.applications.map((a) => ({ ...a, at: a.at === null ? null : new Date(a.at) })),
          vacancyFacts: withPolicyDate(row.vacancyFacts),
        }
      );
    },

    /**
     * Scheduled stages in [from, to), of one company's jobs (at every college) or of the college's
     * students, in time order.
     */
    async scheduledBetween(from: Date, to: Date, limit: number, companyId?: string): Promise<Scheduled[]> {
      // Each through its own function, whose statement keeps one plan (migrations 0047 and 0048).
      const [since, until] = [from.toISOString(), to.toISOString()];
      const rows = rowsOf<Omit<Scheduled, 'at'> & { at: Date | string }>(
        await db.execute(
          companyId === undefined
            ? sql`select * from portal_college_schedule(${since}, ${until}, ${limit})`
            : sql`select * from portal_company_schedule(${companyId}, ${since}, ${until}, ${limit})`,
        ),
      );
      return rows.map((row) => ({ ...row, at: new Date(row.at) }));
    },

    /**
     * What waits for the college's staff: companies whose standing here is Pending, name changes
     * of companies recruiting here not yet approved here, the college's students' change requests.
     */
    async staffCounts() {
      const [row] = await staffCountsStatement().execute();
      return row!;
    },

    /** The companies waiting for this college's approval, oldest request first. */
    pendingCompanies(limit: number) {
      return pendingCompaniesStatements(String(limit), (name) =>
        buildPendingCompanies(limit, name),
      ).execute();
    },

    /** The newest stage changes across the college. */
    recentActivity(limit: number) {
      return recentActivityStatements(String(limit), (name) => buildRecentActivity(limit, name)).execute();
    },

    /** What awaits a company: applicants not looked at yet, offers not answered yet. */
    async companyCounts(companyId: string) {
      const [row] = await companyCountsStatement().execute({ companyId });
      return { newApplicants: row?.newApplicants ?? 0, offersWaiting: row?.offersWaiting ?? 0 };
    },
  };
}
export type HomesRepo = ReturnType<typeof createHomesRepo>;
