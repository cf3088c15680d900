import { stages } from '@portal/contracts/applications';
import type { PlacementStatistics } from '@portal/contracts/staff';
import type { StatisticsRepo } from './statistics.repo.ts';

/** Packages in LPA, to two decimals; aggregates may come back as strings from the driver. */
const lpa = (value: number | string | null) =>
  value === null ? null : Math.round(Number(value) * 100) / 100;

export function createStatisticsService({ statisticsRepo }: { statisticsRepo: StatisticsRepo }) {
  return {
    async placement(): Promise<PlacementStatistics> {
      const [totals, byDegree, byYear, stageCounts] = await Promise.all([
        statisticsRepo.totals(),
        statisticsRepo.byDegree(),
        statisticsRepo.byYear(),
        statisticsRepo.applicationsByStage(),
      ]);
      return {
        totalStudents: totals.total,
        placedStudents: totals.placed,
        placementRate: totals.total === 0 ? 0 : totals.placed / totals.total,
        highestPackage: lpa(totals.highest),
        medianPackage: lpa(totals.median),
        averagePackage: lpa(totals.average),
        byDegree,
        byYear: byYear.map((y) => ({ ...y, year: Number(y.year) })),
        applicationsByStage: stages.map((stage) => ({
          stage,
          count: stageCounts.find((s) => s.stage === stage)?.n ?? 0,
        })),
      };
    },
  };
}
export type StatisticsService = ReturnType<typeof createStatisticsService>;
