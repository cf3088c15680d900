import { asc, eq, inArray } from 'drizzle-orm';
import { currentCollege } from '../../db/college-scope.ts';
import { programmes as messages } from '@portal/contracts/messages';
import { type Programme, programmeName, targetForText, targetLabel } from '@portal/contracts/programmes';
import { BadRequest } from '../../lib/errors.ts';
import type { Database } from '../../db/client.ts';
import { programmes } from '../../db/schema.ts';

export type ProgrammeRow = typeof programmes.$inferSelect;

/** A catalogue row with its name, as jobs resolve their targets against it. */
export type CatalogueEntry = Pick<Programme, 'code' | 'degree' | 'branch' | 'name' | 'level'>;

/**
 * The catalogue as other modules read it (jobs turn typed degrees into targets and labels with
 * it). Small (a college has tens of programmes): read whole.
 */
export function createProgrammesReader(db: Database) {
  return {
    /**
     * The request's college's catalogue, or, for a job posted to several colleges, theirs together:
     * a target is a code, degree or level, which each student's college's catalogue gives meaning
     * to (eligibility compares the student's programme with it), so a job may name a programme any
     * of its colleges teaches. Ordered by college first, so a label comes from the first college.
     */
    async catalogue(colleges?: readonly number[]): Promise<CatalogueEntry[]> {
      const rows = await db
        .select({
          code: programmes.code,
          level: programmes.level,
          degree: programmes.degree,
          branch: programmes.branch,
        })
        .from(programmes)
        .where(
          colleges && colleges.length > 0
            ? inArray(programmes.collegeId, [...colleges])
            : eq(programmes.collegeId, currentCollege),
        )
        .orderBy(asc(programmes.collegeId), asc(programmes.degree), asc(programmes.branch));
      return rows.map((r) => ({ ...r, name: programmeName(r) }));
    },

    /**
     * A job's criteria as targets and their labels: the picker's targets and the typed texts
     * ("Postgraduate", "B.Tech", "B.Tech CSE") alike, each once. A text the catalogue does not
     * know is refused (400), naming it: a job is never opened to everyone by a typo. `colleges`:
     * the colleges the job is posted to, whose catalogues together say what a text names;
     * absent (or none), the request's college's.
     */
    async targets(
      criteria: { eligibleDegrees: string[]; eligibleProgrammes: string[] },
      colleges?: readonly number[],
    ): Promise<{ targets: string[]; labels: string[] }> {
      const all = [...criteria.eligibleProgrammes, ...criteria.eligibleDegrees];
      if (all.length === 0) return { targets: [], labels: [] };
      const catalogue = await this.catalogue(colleges);
      const targets: string[] = [];
      for (const text of all) {
        const target = targetForText(text, catalogue);
        if (target === null) throw new BadRequest(messages.unknownTarget(text));
        if (!targets.includes(target)) targets.push(target);
      }
      return { targets, labels: targets.map((t) => targetLabel(t, catalogue)) };
    },
  };
}
export type ProgrammesReader = ReturnType<typeof createProgrammesReader>;
