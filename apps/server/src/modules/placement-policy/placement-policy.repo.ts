import { and, asc, desc, eq, exists, gt, inArray, sql } from 'drizzle-orm';
import type { PlacementPolicy } from '@portal/contracts/placement-policy';
import { currentCollege, perScope } from '../../db/college-scope.ts';
import type { Database } from '../../db/client.ts';
import { accounts, offers, placementPolicies, students } from '../../db/schema.ts';
import {
  applyFactsColumns,
  type PolicyRow,
  vacancyFactsColumns,
  withPolicyDate,
} from './placement-policy.read.ts';

export type { PolicyRow };

export function createPlacementPolicyRepo(db: Database) {
  // The two statements differ only in their columns; each is built and prepared once per scope.
  const applyFactsStatement = perScope(() =>
    db
      .select(applyFactsColumns)
      .from(students)
      .innerJoin(accounts, eq(accounts.id, students.accountId))
      .where(eq(students.accountId, sql.placeholder('studentId')))
      .prepare('apply_facts'),
  );
  /** See `vacancyFacts`. */
  const vacancyFactsStatement = perScope(() =>
    db
      .select(vacancyFactsColumns)
      .from(students)
      .innerJoin(accounts, eq(accounts.id, students.accountId))
      .where(eq(students.accountId, sql.placeholder('studentId')))
      .prepare('vacancy_facts'),
  );

  return {
    /**
     * Everything deciding whether a student may apply reads, in one round trip (every vacancy page
     * and every Apply asks): the student's facts and accepted offers, the policy version in force
     * (null before any is stored) and the college's verification setting (null when never saved).
     */
    async applyFacts(studentId: string) {
      const [row] = await applyFactsStatement().execute({ studentId });
      return row ? withPolicyDate(row) : null;
    },

    /**
     * `applyFacts` and the jobs the student has applied to, in the same round trip: what every
     * vacancy page reads of the student (one statement where it was two).
     */
    async vacancyFacts(studentId: string) {
      const [row] = await vacancyFactsStatement().execute({ studentId });
      return row ? withPolicyDate(row) : null;
    },

    /** The version in force: the highest (migration 0009 stores version 1). */
    async current(): Promise<PolicyRow | null> {
      const [row] = await db
        .select()
        .from(placementPolicies)
        .where(eq(placementPolicies.collegeId, currentCollege))
        .orderBy(desc(placementPolicies.version))
        .limit(1);
      return row ?? null;
    },

    /** The newest `limit` versions. */
    async history(limit: number): Promise<PolicyRow[]> {
      return db
        .select()
        .from(placementPolicies)
        .where(eq(placementPolicies.collegeId, currentCollege))
        .orderBy(desc(placementPolicies.version))
        .limit(limit);
    },

    /**
     * Stores the policy as the version after `expectedVersion`; null when someone saved another
     * version meanwhile (the primary key refuses a second row with the same number).
     */
    async insertVersion(
      expectedVersion: number,
      policy: PlacementPolicy,
      by: { id: string; name: string },
    ): Promise<PolicyRow | null> {
      const rows = await db
        .insert(placementPolicies)
        .values({ version: expectedVersion + 1, ...policy, createdById: by.id, createdByName: by.name })
        .onConflictDoNothing()
        .returning();
      return rows[0] ?? null;
    },

    /**
     * A page of the students the policy can treat differently: those with at least one Accepted
     * offer, Allowed or Debarred (whose debarment may have ended), in id order after `afterId`.
     */
    studentsWithAcceptedOffers(afterId: string | null, limit: number) {
      return db
        .select({
          id: students.accountId,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
          status: accounts.status,
          debarReason: students.debarReason,
          debarredUntil: students.debarredUntil,
          verified: sql<boolean>`${students.academicsVerifiedAt} is not null`,
        })
        .from(students)
        .innerJoin(accounts, eq(accounts.id, students.accountId))
        .where(
          and(
            inArray(accounts.status, ['Allowed', 'Debarred']),
            afterId === null ? undefined : gt(students.accountId, afterId),
            exists(
              db
                .select({ one: sql`1` })
                .from(offers)
                .where(and(eq(offers.studentId, students.accountId), eq(offers.state, 'Accepted'))),
            ),
          ),
        )
        .orderBy(asc(students.accountId))
        .limit(limit);
    },
  };
}
export type PlacementPolicyRepo = ReturnType<typeof createPlacementPolicyRepo>;
