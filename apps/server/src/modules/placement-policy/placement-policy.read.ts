import { sql } from 'drizzle-orm';
import type { JobType } from '@portal/contracts/jobs';
import { debarmentInForce, type PolicyStudent } from '@portal/contracts/placement-policy';
import type { ProgrammeKey } from '@portal/contracts/programmes';
import { jsonObject } from '../../db/json-sql.ts';
import {
  accounts,
  applications,
  eventRegistrations,
  jobs,
  offers,
  placementPolicies,
  programmes,
  students,
} from '../../db/schema.ts';
import { requireVerifiedAcademicsSql } from '../academic-records/academic-records.read.ts';

/** A stored placement policy version. */
export type PolicyRow = typeof placementPolicies.$inferSelect;
/** The policy version as the facts statements read it: JSON, its time as text. */
export type RawPolicy = Omit<PolicyRow, 'createdAt' | 'createdById'> & { createdAt: string };

/** A student as `policyRefusal` reads them, from their stored facts and accepted offers on `today`. */
export const policyStudentOf = (
  facts: { status: string; debarReason: string; debarredUntil: string | null; verified: boolean },
  accepted: PolicyStudent['accepted'],
  today: string,
): PolicyStudent => ({
  debarment: debarmentInForce(facts.status, { reason: facts.debarReason, until: facts.debarredUntil }, today),
  verified: facts.verified,
  accepted,
});

/** What deciding whether a student may apply reads of them (the repo's `applyFacts`). */
export const applyFactsColumns = {
  status: accounts.status,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  cgpa: students.cgpa,
  degrees: students.degrees,
  programme: sql<ProgrammeKey | null>`(
      select ${jsonObject({ code: programmes.code, level: programmes.level, degree: programmes.degree })}
      from ${programmes} where ${programmes.id} = ${students.programmeId})`,
  yearOfPassing: students.yearOfPassing,
  verified: sql<boolean>`${students.academicsVerifiedAt} is not null`,
  rollNumber: students.rollNumber,
  hasResume: sql<boolean>`${students.resume} <> ''`,
  debarReason: students.debarReason,
  debarredUntil: students.debarredUntil,
  accepted: sql<{ package: number; jobType: JobType }[]>`coalesce((
      select json_agg(${jsonObject({ package: offers.package, jobType: jobs.type })})
      from ${offers} join ${jobs} on ${jobs.id} = ${offers.jobId}
      where ${offers.studentId} = ${students.accountId} and ${offers.state} = 'Accepted'), '[]'::json)`,
  policy: sql<RawPolicy | null>`(
      select ${jsonObject({
        version: placementPolicies.version,
        maxAcceptedOffers: placementPolicies.maxAcceptedOffers,
        tiers: placementPolicies.tiers,
        higherTierAfterPlaced: placementPolicies.higherTierAfterPlaced,
        internshipsCount: placementPolicies.internshipsCount,
        decisionDays: placementPolicies.decisionDays,
        noShowLimit: placementPolicies.noShowLimit,
        noShowDebarDays: placementPolicies.noShowDebarDays,
        driveDayHigherTiersFirst: placementPolicies.driveDayHigherTiersFirst,
        createdByName: placementPolicies.createdByName,
        createdAt: placementPolicies.createdAt,
      })}
      from ${placementPolicies} where ${placementPolicies.collegeId} = ${students.collegeId}
      order by ${placementPolicies.version} desc limit 1)`,
  requireVerifiedAcademics: requireVerifiedAcademicsSql,
  /** The events the student attended: a job may require its talk (eligibility's `refusalCause`). */
  attendedEventIds: sql<string[]>`coalesce((
      select json_agg(${eventRegistrations.eventId}) from ${eventRegistrations}
      where ${eventRegistrations.studentId} = ${students.accountId}
        and ${eventRegistrations.attendedAt} is not null), '[]'::json)`,
};

/**
 * `applyFactsColumns` and the jobs the student has applied to: what a vacancy list reads of the
 * student, in the statement of whoever shows one (the vacancy page's own, the student's home).
 */
export const vacancyFactsColumns = {
  ...applyFactsColumns,
  collegeId: students.collegeId,
  appliedJobIds: sql<string[]>`coalesce((
    select json_agg(${applications.jobId}) from ${applications}
    where ${applications.studentId} = ${students.accountId}), '[]'::json)`,
};

/** A facts row with its policy version's time as a Date (JSON carried it as text). */
export const withPolicyDate = <Row extends { policy: RawPolicy | null }>({ policy, ...rest }: Row) => ({
  ...rest,
  policy: policy && { ...policy, createdById: null, createdAt: new Date(policy.createdAt) },
});
