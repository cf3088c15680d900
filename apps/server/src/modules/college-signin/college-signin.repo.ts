import { and, eq, lt, sql } from 'drizzle-orm';
import type { ProviderInput } from '@portal/contracts/college-signin';
import type { Role } from '@portal/contracts/common';
import type { Database } from '../../db/client.ts';
import { passwordSignin, providerSignins, signinProviders } from '../../db/schema.ts';

/** A sign-in under way, as `provider_signins` keeps it. */
export type ProviderSigninRow = typeof providerSignins.$inferInsert;

/** Every read and write is within one college (`collegeId`, lib/current-college.ts). */
export function createCollegeSigninRepo(db: Database) {
  return {
    /** The college's providers, with their secrets (the service leaves those out of every answer). */
    providers(collegeId: number) {
      return db
        .select()
        .from(signinProviders)
        .where(eq(signinProviders.collegeId, collegeId))
        .orderBy(signinProviders.createdAt, signinProviders.id);
    },

    async provider(collegeId: number, id: string) {
      const [row] = await db
        .select()
        .from(signinProviders)
        .where(and(eq(signinProviders.collegeId, collegeId), eq(signinProviders.id, id)));
      return row ?? null;
    },

    async insertProvider(collegeId: number, input: ProviderInput, updatedById: string) {
      const [row] = await db
        .insert(signinProviders)
        .values({ collegeId, ...input, updatedById })
        .returning({ id: signinProviders.id });
      return row!.id;
    },

    /** Saves the provider; a null secret keeps the stored one. False when it is not the college's. */
    async updateProvider(
      collegeId: number,
      id: string,
      input: Omit<ProviderInput, 'clientSecret'> & { clientSecret: string | null },
      updatedById: string,
    ) {
      const { clientSecret, ...rest } = input;
      const rows = await db
        .update(signinProviders)
        .set({ ...rest, ...(clientSecret !== null && { clientSecret }), updatedById, updatedAt: sql`now()` })
        .where(and(eq(signinProviders.collegeId, collegeId), eq(signinProviders.id, id)))
        .returning({ id: signinProviders.id });
      return rows.length > 0;
    },

    async deleteProvider(collegeId: number, id: string) {
      const rows = await db
        .delete(signinProviders)
        .where(and(eq(signinProviders.collegeId, collegeId), eq(signinProviders.id, id)))
        .returning({ id: signinProviders.id });
      return rows.length > 0;
    },

    /** The enabled providers a role of the college signs in with, as its buttons. */
    buttons(collegeId: number, role: Role) {
      return db
        .select({ id: signinProviders.id, displayName: signinProviders.displayName })
        .from(signinProviders)
        .where(
          and(
            eq(signinProviders.collegeId, collegeId),
            eq(signinProviders.enabled, true),
            sql`${role}::account_role = any(${signinProviders.roles})`,
          ),
        )
        .orderBy(signinProviders.createdAt, signinProviders.id);
    },

    /** Whether students and staff may sign in with a password; both may until staff say otherwise. */
    async passwords(collegeId: number) {
      const [row] = await db
        .select({ students: passwordSignin.students, staff: passwordSignin.staff })
        .from(passwordSignin)
        .where(eq(passwordSignin.collegeId, collegeId));
      return row ?? { students: true, staff: true };
    },

    async savePasswords(
      collegeId: number,
      value: { students: boolean; staff: boolean },
      updatedById: string,
    ) {
      const set = { ...value, updatedById, updatedAt: sql`now()` };
      await db
        .insert(passwordSignin)
        .values({ collegeId, ...set })
        .onConflictDoUpdate({ target: passwordSignin.collegeId, set });
    },

    /** Keeps a sign-in under way, and drops those that ran out. */
    async startSignin(row: ProviderSigninRow, now: Date) {
      await db.delete(providerSignins).where(lt(providerSignins.expiresAt, now));
      await db.insert(providerSignins).values(row);
    },

    /** Takes a sign-in under way out (it is used once), or null when there is none in the college. */
    async takeSignin(collegeId: number, tokenHash: string) {
      const [row] = await db
        .delete(providerSignins)
        .where(and(eq(providerSignins.collegeId, collegeId), eq(providerSignins.tokenHash, tokenHash)))
        .returning();
      return row ?? null;
    },
  };
}
export type CollegeSigninRepo = ReturnType<typeof createCollegeSigninRepo>;
