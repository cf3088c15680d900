import type { UniversityStatistics } from '@portal/contracts/university';
import { withinColleges } from '../../db/college-scope.ts';
import type { CollegesService } from '../colleges/colleges.service.ts';
import type { StatisticsService } from '../statistics/statistics.service.ts';
import type { UniversityRepo } from './university.repo.ts';

/**
 * The university's view: a placement director reads each college's statistics, each read walled
 * to that college as its own staff's would be (the same service, the same walls), and changes
 * nothing.
 */
export function createUniversityService(deps: {
  universityRepo: UniversityRepo;
  collegesService: Pick<CollegesService, 'list'>;
  statisticsService: Pick<StatisticsService, 'placement'>;
}) {
  return {
    isDirector: (accountId: string) => deps.universityRepo.isDirector(accountId),

    async statistics(): Promise<UniversityStatistics> {
      const colleges = await deps.collegesService.list();
      const rows: UniversityStatistics = [];
      // One college at a time: each reads every student of its college once.
      for (const college of colleges) {
        const statistics = await withinColleges([college.id], () => deps.statisticsService.placement());
        rows.push({ college: { id: college.id, slug: college.slug, name: college.name }, statistics });
      }
      return rows;
    },
  };
}
export type UniversityService = ReturnType<typeof createUniversityService>;
