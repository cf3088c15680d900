import { bounds } from '@portal/contracts/bounds';
import { missingProfileParts, type ProfilePart } from '@portal/contracts/applications';
import {
  debarmentInForce,
  defaultPlacementPolicy,
  type PlacementPolicy,
  type PlacementPolicyPreview,
  type PlacementPolicyState,
  type PlacementPolicyVersion,
  placedStanding,
  type PlacedStanding,
  type PolicyJob,
  policyRefusal,
  type PolicyStudent,
} from '@portal/contracts/placement-policy';
import { policy as messages } from '@portal/contracts/messages';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict } from '../../lib/errors.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import type { AcademicRecordsService } from '../academic-records/academic-records.service.ts';
import type { ApplyContext } from '../eligibility/eligibility.ts';
import type { PlacementPolicyRepo, PolicyRow } from './placement-policy.repo.ts';
import { policyStudentOf } from './placement-policy.read.ts';

export const toPolicyVersion = (row: PolicyRow): PlacementPolicyVersion => ({
  version: row.version,
  maxAcceptedOffers: row.maxAcceptedOffers,
  tiers: row.tiers,
  higherTierAfterPlaced: row.higherTierAfterPlaced,
  internshipsCount: row.internshipsCount,
  decisionDays: row.decisionDays,
  noShowLimit: row.noShowLimit,
  noShowDebarDays: row.noShowDebarDays,
  driveDayHigherTiersFirst: row.driveDayHigherTiersFirst,
  by: row.createdByName,
  at: row.createdAt.toISOString(),
});

/** The rules alone, in a fixed key order, so two policies compare by their JSON. */
const rulesOf = (p: PlacementPolicy): PlacementPolicy => ({
  maxAcceptedOffers: p.maxAcceptedOffers,
  tiers: p.tiers.map((t) => ({ name: t.name, minPackage: t.minPackage })),
  higherTierAfterPlaced: p.higherTierAfterPlaced,
  internshipsCount: p.internshipsCount,
  decisionDays: p.decisionDays,
  noShowLimit: p.noShowLimit,
  noShowDebarDays: p.noShowDebarDays,
  driveDayHigherTiersFirst: p.driveDayHigherTiersFirst,
});
const sameRules = (a: PlacementPolicy, b: PlacementPolicy) =>
  JSON.stringify(rulesOf(a)) === JSON.stringify(rulesOf(b));

/** Students read per query by the dry run, and names shown per side. */
const PREVIEW_PAGE = 500;
const PREVIEW_SAMPLE = 10;

/** The placement policy in force, its versions, the dry run, and the facts about students it decides on. */
/** The stored version, or the defaults as version 1 should the table be empty. */
const versionOrDefault = (row: PolicyRow | null): PlacementPolicyVersion =>
  row
    ? toPolicyVersion(row)
    : { ...defaultPlacementPolicy, version: 1, by: messages.defaultBy, at: new Date(0).toISOString() };

export type StudentApplyContext = ApplyContext & { status: string; name: string; missing: ProfilePart[] };
/** What a vacancy list reads of the student (`vacancyFactsColumns`), its policy's time a Date. */
export type VacancyFacts = NonNullable<Awaited<ReturnType<PlacementPolicyRepo['vacancyFacts']>>>;
/** What a vacancy list decides with: the student's apply context, the jobs applied to, the college. */
export type VacancyContext = { context: StudentApplyContext; applied: Set<string>; collegeId: number };

/** The decision's context from the facts `applyFacts` read, on the day `date`. */
function contextOf(
  facts: NonNullable<Awaited<ReturnType<PlacementPolicyRepo['applyFacts']>>>,
  date: string,
): StudentApplyContext {
  return {
    today: date,
    // The college's settings as `academicRecordsService.settings()` reads them: off until saved.
    settings: { requireVerifiedAcademics: facts.requireVerifiedAcademics ?? false },
    policy: versionOrDefault(facts.policy),
    status: facts.status,
    name: `${facts.firstName} ${facts.lastName}`,
    student: {
      cgpa: facts.cgpa,
      degrees: facts.degrees,
      programme: facts.programme,
      yearOfPassing: facts.yearOfPassing,
      ...policyStudentOf(facts, facts.accepted, date),
    },
    missing: missingProfileParts(facts),
    attended: new Set(facts.attendedEventIds),
  };
}

export function createPlacementPolicyService(deps: {
  placementPolicyRepo: PlacementPolicyRepo;
  // What the policy reads of offers and jobs (their read models, offers.read.ts and jobs.read.ts),
  // declared here: the offers and jobs modules use this service, so it does not import theirs back.
  offersReader: {
    acceptedFor(studentIds: string[]): Promise<({ studentId: string } & PolicyStudent['accepted'][number])[]>;
  };
  jobsReader: { listOpen(today: string): Promise<{ job: PolicyJob; listedAt: readonly number[] }[]> };
  academicRecordsService: Pick<AcademicRecordsService, 'settings'>;
  /** Debarments and job dates are days in the clock's zone (config TIME_ZONE). */
  clock: Clock;
}) {
  const { today } = deps.clock;
  const vacancyContextOf = (facts: VacancyFacts): VacancyContext => ({
    context: contextOf(facts, today()),
    applied: new Set(facts.appliedJobIds),
    collegeId: facts.collegeId,
  });
  const repo = deps.placementPolicyRepo;

  const service = {
    /** The version in force (the defaults, as version 1, should the table be empty). */
    async current(): Promise<PlacementPolicyVersion> {
      return versionOrDefault(await repo.current());
    },

    /**
     * For each applicant (a student and the job applied to), how the policy in force sees them:
     * placed with a tier, and whether it forbids an offer for that job (`placedStanding`); null
     * for a student with no counted accepted offer. Two reads, whatever the number of rows.
     */
    async placedStandings(rows: { studentId: string; job: PolicyJob }[]): Promise<(PlacedStanding | null)[]> {
      if (rows.length === 0) return [];
      const [policy, accepted] = await Promise.all([
        service.current(),
        service.acceptedOffers([...new Set(rows.map((r) => r.studentId))]),
      ]);
      return rows.map((r) => placedStanding(policy, r.job, accepted.get(r.studentId) ?? []));
    },

    /** Each student's accepted offers, as `policyRefusal` reads them. */
    async acceptedOffers(studentIds: string[]): Promise<Map<string, PolicyStudent['accepted']>> {
      const byStudent = new Map<string, PolicyStudent['accepted']>(studentIds.map((id) => [id, []]));
      for (const row of await deps.offersReader.acceptedFor(studentIds)) {
        byStudent.get(row.studentId)?.push({ package: row.package, jobType: row.jobType });
      }
      return byStudent;
    },

    /**
     * What deciding whether this student may apply to any job reads (`applyRefusal`): loaded once
     * per request, whatever the number of jobs. Null when there is no such student.
     */
    async applyContext(studentId: string): Promise<StudentApplyContext | null> {
      const facts = await repo.applyFacts(studentId);
      return facts && contextOf(facts, today());
    },

    /**
     * `applyContext` and the ids of the jobs the student has applied to, read in one round trip:
     * what a vacancy list needs of the student. Null when there is no such student.
     */
    async vacancyContext(studentId: string): Promise<VacancyContext | null> {
      const facts = await repo.vacancyFacts(studentId);
      return facts && vacancyContextOf(facts);
    },

    /** `vacancyContext` from facts another statement read (`vacancyFactsColumns`: the student's home). */
    vacancyContextOf,

    /** The policy in force and the newest versions (bounds.policyVersions; the current one among them). */
    async state(): Promise<PlacementPolicyState> {
      const rows = await repo.history(bounds.policyVersions);
      const history = rows.map(toPolicyVersion);
      return { current: history[0] ?? (await service.current()), history };
    },

    /**
     * Saves the policy as a new version with who saved it: refused when nothing changed (400), or
     * when another version was saved since the one read here (409: the primary key decides).
     */
    async save(actor: SessionAccount, draft: PlacementPolicy): Promise<string> {
      const current = await service.current();
      if (sameRules(current, draft)) throw new BadRequest(messages.unchanged);
      const row = await repo.insertVersion(current.version, rulesOf(draft), {
        id: actor.id,
        name: actor.name,
      });
      if (!row) throw new Conflict(messages.changedMeanwhile);
      return messages.saved(row.version);
    },

    /**
     * The dry run: which students would gain, or lose, the right to apply to at least one open job
     * under `draft` rather than the policy in force. Only the placement rule differs between the
     * two, so the job's timing and criteria are left out; and only a student with an Accepted
     * offer can fare differently (without one, the rule reads only the debarment and verification,
     * which no policy changes), so only they are read, a page at a time. Only the jobs listed at
     * the staff's `college` count.
     */
    async preview(draft: PlacementPolicy, college: number): Promise<PlacementPolicyPreview> {
      const date = today();
      const [current, settings, open] = await Promise.all([
        service.current(),
        deps.academicRecordsService.settings(),
        deps.jobsReader.listOpen(date),
      ]);
      // The jobs the college's students see.
      const jobs = open
        .filter((listed) => listed.listedAt.includes(college))
        .map(({ job }) => ({ package: job.package, type: job.type }));
      const gain: string[] = [];
      const lose: string[] = [];
      let afterId: string | null = null;
      while (jobs.length > 0) {
        const page = await repo.studentsWithAcceptedOffers(afterId, PREVIEW_PAGE);
        if (page.length === 0) break;
        afterId = page[page.length - 1]!.id;
        const accepted = await service.acceptedOffers(page.map((s) => s.id));
        for (const s of page) {
          const debarment = debarmentInForce(
            s.status,
            { reason: s.debarReason, until: s.debarredUntil },
            date,
          );
          if (debarment) continue;
          const student: PolicyStudent = {
            debarment,
            verified: s.verified,
            accepted: accepted.get(s.id) ?? [],
          };
          let gains = false;
          let loses = false;
          for (const job of jobs) {
            const before = policyRefusal(current, job, student, settings) === null;
            const after = policyRefusal(draft, job, student, settings) === null;
            if (!before && after) gains = true;
            if (before && !after) loses = true;
          }
          const name = `${s.firstName} ${s.lastName}`;
          if (gains) gain.push(name);
          if (loses) lose.push(name);
        }
        if (page.length < PREVIEW_PAGE) break;
      }
      const sample = (names: string[]) => names.sort((a, b) => a.localeCompare(b)).slice(0, PREVIEW_SAMPLE);
      return {
        openJobs: jobs.length,
        gain: { count: gain.length, sample: sample(gain) },
        lose: { count: lose.length, sample: sample(lose) },
      };
    },
  };
  return service;
}
export type PlacementPolicyService = ReturnType<typeof createPlacementPolicyService>;
