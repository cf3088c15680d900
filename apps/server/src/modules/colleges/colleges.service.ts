import { collegeMessages, type NewCollege } from '@portal/contracts/colleges';
import { Conflict } from '../../lib/errors.ts';
import type { CollegesRepo } from './colleges.repo.ts';

/**
 * The colleges of a deployment (docs/architecture.md, "Colleges"). A deployment starts with one; the
 * operator adds more (`npm run seed -- --colleges N` for a trial).
 */
export function createCollegesService({ collegesRepo }: { collegesRepo: CollegesRepo }) {
  return {
    list: () => collegesRepo.list(),
    findBySlug: (slug: string) => collegesRepo.findBySlug(slug),

    async create(input: NewCollege) {
      const college = await collegesRepo.create(input);
      if (!college) throw new Conflict(collegeMessages.slugTaken(input.slug));
      return college;
    },
  };
}
export type CollegesService = ReturnType<typeof createCollegesService>;
