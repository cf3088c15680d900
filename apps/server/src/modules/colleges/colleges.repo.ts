import { eq, sql } from 'drizzle-orm';
import { policy as policyMessages } from '@portal/contracts/messages';
import { defaultPlacementPolicy } from '@portal/contracts/placement-policy';
import type { Database } from '../../db/client.ts';
import { collegeSettings, colleges, placementPolicies, programmes } from '../../db/schema.ts';

export function createCollegesRepo(db: Database) {
  return {
    list() {
      return db.select().from(colleges).orderBy(colleges.id);
    },

    /** The college with its new host name (null: none); null when there is no such college. */
    async setHost(slug: string, host: string | null) {
      const [row] = await db.update(colleges).set({ host }).where(eq(colleges.slug, slug)).returning();
      return row ?? null;
    },

    async findBySlug(slug: string) {
      const [row] = await db.select().from(colleges).where(eq(colleges.slug, slug));
      return row ?? null;
    },

    /**
     * A college as the first one started: its settings, the default placement policy (version 1)
     * and the catalogue of programmes the first college started with. Null when the slug is taken.
     */
    async create(values: { slug: string; name: string; host?: string | undefined }) {
      return db.transaction(async (tx) => {
        const [college] = await tx
          .insert(colleges)
          .values({ slug: values.slug, name: values.name, host: values.host ?? null })
          .onConflictDoNothing()
          .returning();
        if (!college) return null;
        await tx.insert(collegeSettings).values({ id: college.id, placementCellName: values.name });
        await tx.insert(placementPolicies).values({
          collegeId: college.id,
          version: 1,
          ...defaultPlacementPolicy,
          createdByName: policyMessages.defaultBy,
        });
        await tx.execute(sql`
          insert into ${programmes} (college_id, code, level, degree, branch, duration_years)
          select ${college.id}, code, level, degree, branch, duration_years from ${programmes}
          where college_id = (select min(id) from colleges) and retired_at is null`);
        return college;
      });
    },
  };
}
export type CollegesRepo = ReturnType<typeof createCollegesRepo>;
