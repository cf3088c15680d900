import { asc, eq } from 'drizzle-orm';
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
    async catalogue(): Promise<CatalogueEntry[]> {
      const rows = await db
        .select({
          code: programmes.code,
          level: programmes.level,
          degree: programmes.degree,
          branch: programmes.branch,
        })
        .from(programmes)
        .where(eq(programmes.collegeId, currentCollege))
        .orderBy(asc(programmes.degree), asc(programmes.branch));
      return rows.map((r) => ({ ...r, name: programmeName(r) }));
    },

    /**
     * A job's criteria as targets and their labels: the picker's targets and the typed texts
     * ("Postgraduate", "B.Tech", "B.Tech CSE") alike, each once. A text the catalogue does not
     * know is refused (400), naming it: a job is never opened to everyone by a typo.
     */
    async targets(criteria: {
      eligibleDegrees: string[];
      eligibleProgrammes: string[];
    }): Promise<{ targets: string[]; labels: string[] }> {
      const all = [...criteria.eligibleProgrammes, ...criteria.eligibleDegrees];
      if (all.length === 0) return { targets: [], labels: [] };
      const catalogue = await this.catalogue();
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
