import { bounds } from '@portal/contracts/bounds';
import { stages } from '@portal/contracts/applications';
import { statisticsMessages } from '@portal/contracts/messages';
import type { PlacementStatistics } from '@portal/contracts/staff';
import type { PlacementPolicyService } from '../placement-policy/placement-policy.service.ts';
import { keptUntilChanged } from '../../lib/fresh-shared-read.ts';
import type { StatisticsRepo } from './statistics.repo.ts';

/** Packages in LPA, to two decimals; aggregates may come back as strings from the driver. */
const lpa = (value: number | string | null) =>
  value === null ? null : Math.round(Number(value) * 100) / 100;

export function createStatisticsService({
  statisticsRepo,
  placementPolicyService,
}: {
  statisticsRepo: StatisticsRepo;
  placementPolicyService: Pick<PlacementPolicyService, 'current'>;
}) {
  /**
   * Placed students: an accepted offer or marked placed by staff (see `statistics.repo.ts`). Every
   * student is read (about 150 ms of database time at 100,000), so staff asking at the same moment
   * share one reading made after they asked, and the reading is kept until the college's students,
   * applications, offers, no-shows, programmes or policy change (`keptUntilChanged`, migration
   * 0040): asking again meanwhile costs one count of the changes.
   */
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  async function placement(): Promise<PlacementStatistics> {
    const policy = await placementPolicyService.current();
    const [totals, byDegree, byYear, stageCounts, offers, perTier, noShows] = await Promise.all([
      statisticsRepo.totals(),
      statisticsRepo.byProgramme(bounds.statisticsDegrees),
      statisticsRepo.byYear(),
      statisticsRepo.applicationsByStage(),
      statisticsRepo.offerCounts(),
      statisticsRepo.placedPerBand(policy.tiers.map((t) => t.minPackage)),
      statisticsRepo.noShowCounts(),
    ]);
    return {
      totalStudents: totals.total,
      placedStudents: totals.placed,
      placementRate: totals.total === 0 ? 0 : totals.placed / totals.total,
      highestPackage: lpa(totals.highest),
      medianPackage: lpa(totals.median),
      averagePackage: lpa(totals.average),
      // Shown by degree, then branch; the cap kept the most common ones.
      byDegree: byDegree
        .map((d) => ({ ...d, degree: d.degree ?? statisticsMessages.noProgramme, branch: d.branch ?? '' }))
        .sort((a, b) => byText(a.degree, b.degree) || byText(a.branch, b.branch)),
      byYear: byYear.map((y) => ({ ...y, year: Number(y.year) })),
      applicationsByStage: stages.map((stage) => ({
        stage,
        count: stageCounts.find((s) => s.stage === stage)?.n ?? 0,
      })),
      offers: {
        made: offers.made,
        accepted: offers.accepted,
        declined: offers.declined,
        lapsed: offers.lapsed,
      },
      placedByTier: policy.tiers.map((t, i) => ({ tier: t.name, placed: perTier[i] ?? 0 })),
      noShows,
    };
  }

  /**
   * The season's headline figures for the staff's home: students, placed, applications, offers
   * made, accepted and waiting (three statements), kept like the statistics.
   */
  async function figures() {
    const [totals, byStage, offers] = await Promise.all([
      statisticsRepo.headcount(),
      statisticsRepo.applicationsByStage(),
      statisticsRepo.offerCounts(),
    ]);
    return {
      students: totals.total,
      placed: totals.placed,
      applications: byStage.reduce((n, s) => n + s.n, 0),
      offersMade: offers.made,
      offersAccepted: offers.accepted,
      offersWaiting: offers.waiting,
    };
  }

  const changeCount = () => statisticsRepo.changeCount();
  return {
    placement: keptUntilChanged(changeCount, placement),
    figures: keptUntilChanged(changeCount, figures),
  };
}
export type StatisticsService = ReturnType<typeof createStatisticsService>;
