import { auditChanges } from '@portal/contracts/audit';
import { addDays } from '@portal/contracts/dates';
import {
  companySender,
  offers as messages,
  placementCell,
  policy as policyMessages,
} from '@portal/contracts/messages';
import { MIN_DECISION_DAYS, type OfferState } from '@portal/contracts/offers';
import { policyRefusal, type PolicyJob, tierName } from '@portal/contracts/placement-policy';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import type { SessionAccount } from '../../plugins/access.ts';
import type { AcademicRecordsService } from '../academic-records/academic-records.service.ts';
import { policyStudentOf } from '../placement-policy/placement-policy.read.ts';
import type { PlacementPolicyService } from '../placement-policy/placement-policy.service.ts';
import type { OfferQueries, OffersRepo, Placement } from './offers.repo.ts';
import { requireStudentsInView } from '../student-visibility/student-visibility.ts';
import { emailLinks } from '@portal/contracts/links';

/** Who changed an offer, as the history names them; the portal itself when an offer lapses. */
type Actor = { id: string | null; name: string };
const PORTAL: Actor = { id: null, name: placementCell.portal };

type Described = NonNullable<Awaited<ReturnType<OfferQueries['find']>>>;
const studentName = (d: Described) => `${d.studentFirstName} ${d.studentLastName}`;

/**
 * The offer lifecycle: made at Offer Letter (pipeline), answered by the student by a date, lapsed
 * when the date passes, withdrawn by the company while open, revoked by staff once accepted. The
 * placement record follows from the student's Accepted offers.
 */
export function createOffersService(deps: {
  offersRepo: OffersRepo;
  placementPolicyService: Pick<PlacementPolicyService, 'current' | 'acceptedOffers' | 'applyContext'>;
  academicRecordsService: Pick<AcademicRecordsService, 'settings'>;
  /** Decide-by dates are days in the clock's zone (config TIME_ZONE). */
  clock: Clock;
}) {
  const { offersRepo: repo } = deps;
  const { now, today } = deps.clock;

  /**
   * Recomputes the student's placement from their Accepted offers (the highest package, with that
   * job's company; none: not placed), auditing each field that changed under `actor`'s name.
   */
  async function recomputePlacement(q: OfferQueries, studentId: string, before: Placement, actor: Actor) {
    const [best] = await q.acceptedWithCompany(studentId);
    const after: Placement = best
      ? { isPlaced: true, placedCompany: best.company, packageOffered: best.package }
      : { isPlaced: false, placedCompany: '', packageOffered: null };
    const changes = auditChanges(before, after, ['isPlaced', 'placedCompany', 'packageOffered']);
    if (changes.length > 0) await q.setPlacement(studentId, after, changes, actor);
  }

  /** The offer of an application, once any due lapse is applied; 404 when there is none. */
  async function findOffer(applicationId: string): Promise<Described> {
    await service.lapseDue();
    const found = await repo.find(applicationId);
    if (!found) throw new NotFound(messages.notFound);
    return found;
  }

  /** Moves the offer on, or 409 with `refusal(state)` when someone else moved it first. */
  async function moveOffer(
    q: OfferQueries,
    d: Described,
    from: OfferState,
    to: OfferState,
    reason: string,
    refusal: (state: string) => string,
  ) {
    if (!(await q.setState(d.offer.id, from, to, reason, now()))) {
      throw new Conflict(refusal((await q.stateOf(d.offer.id)) ?? from));
    }
  }

  const service = {
    /**
     * The terms of an offer about to be made: the decide-by date (400 unless at least
     * MIN_DECISION_DAYS ahead; by default the policy's decision window), the tier of the package
     * and the policy version; 409 when the policy does not let the student take it.
     */
    async terms(studentId: string, job: PolicyJob & { package: number }, decideBy: string | undefined) {
      const day = today();
      if (decideBy !== undefined && decideBy < addDays(day, MIN_DECISION_DAYS)) {
        throw new BadRequest(messages.decideBy);
      }
      // The same facts, policy and settings Apply decides on.
      const context = await deps.placementPolicyService.applyContext(studentId);
      if (!context) throw new NotFound(messages.notFound);
      const { policy } = context;
      const refused = policyRefusal(policy, job, context.student, context.settings);
      if (refused) throw new Conflict(policyMessages.offerRefused(refused));
      return {
        decideBy: decideBy ?? addDays(day, policy.decisionDays),
        tierName: tierName(policy, job.package),
        policyVersion: policy.version,
      };
    },

    /**
     * Every offer still Offered after its decide-by date becomes Lapsed, with its event and notices
     * to the student and the company. Called before each read that shows offers and by a timer;
     * the conditional update lapses each offer once, whichever process gets there first.
     */
    async lapseDue(): Promise<number> {
      const day = today();
      if (!(await repo.anyDue(day))) return 0;
      return repo.transaction(async (q) => {
        const lapsed = await q.describe(await q.lapse(day, now()));
        await q.addEvents(
          lapsed.map((d) => ({
            applicationId: d.offer.applicationId,
            stage: d.stage,
            offerState: 'Lapsed' as const,
            note: '',
            actor: PORTAL,
          })),
        );
        await q.notify(
          lapsed.flatMap((d) => [
            {
              accountId: d.offer.studentId,
              sender: PORTAL.name,
              title: messages.event.Lapsed,
              link: emailLinks.studentApplications,
              body: messages.notices.lapsedForStudent(d.company, d.role, d.offer.decideBy),
            },
            {
              accountId: d.companyId,
              aboutStudentId: d.offer.studentId,
              sender: PORTAL.name,
              title: messages.event.Lapsed,
              link: emailLinks.companyApplicant(d.offer.applicationId),
              body: messages.notices.lapsedForCompany(studentName(d), d.role, d.offer.decideBy),
            },
          ]),
        );
        return lapsed.length;
      });
    },

    /**
     * The student accepts or declines their offer. Accepting checks the placement policy again,
     * against their other Accepted offers, with the student's row locked: two acceptances at once
     * run one after the other, so the second sees the first.
     */
    async decide(student: SessionAccount, applicationId: string, decision: 'Accept' | 'Decline') {
      const d = await findOffer(applicationId);
      if (d.offer.studentId !== student.id) throw new NotFound(messages.notFound);
      if (d.offer.state !== 'Offered') throw new Conflict(messages.notOpen(d.offer.state));
      const [policy, settings] = await Promise.all([
        deps.placementPolicyService.current(),
        deps.academicRecordsService.settings(),
      ]);
      const actor: Actor = { id: student.id, name: studentName(d) };
      const accepting = decision === 'Accept';
      await repo.transaction(async (q) => {
        const before = await q.lockStudent(student.id);
        const facts = await q.policyFacts(student.id);
        if (!before || !facts) throw new NotFound(messages.notFound);
        if (accepting) {
          const accepted = await q.acceptedFor([student.id]);
          const refused = policyRefusal(
            policy,
            { package: d.offer.package, type: d.jobType },
            policyStudentOf(
              facts,
              accepted.map((o) => ({ package: o.package, jobType: o.jobType })),
              today(),
            ),
            settings,
          );
          if (refused) throw new Conflict(refused);
        }
        const to = accepting ? 'Accepted' : 'Declined';
        await moveOffer(q, d, 'Offered', to, '', messages.notOpen);
        await q.addEvents([{ applicationId, stage: d.stage, offerState: to, note: '', actor }]);
        if (accepting) await recomputePlacement(q, student.id, before, actor);
        await q.notify([
          {
            accountId: d.companyId,
            aboutStudentId: d.offer.studentId,
            sender: actor.name,
            title: messages.event[to],
            link: emailLinks.companyApplicant(applicationId),
            body: messages.notices.answered(actor.name, accepting, d.role, d.offer.package),
          },
        ]);
      });
      return accepting ? messages.accepted(d.company) : messages.declined;
    },

    /** The company takes back an offer the student has not answered yet; the reason is shown to them. */
    async withdraw(company: SessionAccount, applicationId: string, reason: string) {
      requireStudentsInView(company);
      const d = await findOffer(applicationId);
      if (d.companyId !== company.id) throw new NotFound(messages.notFound);
      if (d.offer.state !== 'Offered') throw new Conflict(messages.notWithdrawable(d.offer.state));
      const actor: Actor = { id: company.id, name: d.company };
      await repo.transaction(async (q) => {
        await moveOffer(q, d, 'Offered', 'Withdrawn', reason, messages.notWithdrawable);
        await q.addEvents([{ applicationId, stage: d.stage, offerState: 'Withdrawn', note: reason, actor }]);
        await q.notify([
          {
            accountId: d.offer.studentId,
            sender: companySender(d.company),
            title: messages.event.Withdrawn,
            link: emailLinks.studentApplications,
            body: messages.notices.withdrawn(d.company, d.role, reason),
          },
        ]);
      });
      return messages.withdrawn;
    },

    /**
     * Staff revoke an accepted offer (audited under their name); the placement record is recomputed
     * from the student's remaining Accepted offers.
     */
    async revoke(staff: SessionAccount, applicationId: string, reason: string) {
      const d = await findOffer(applicationId);
      if (d.offer.state !== 'Accepted') throw new Conflict(messages.notRevocable(d.offer.state));
      const actor: Actor = { id: staff.id, name: staff.name };
      await repo.transaction(async (q) => {
        const before = await q.lockStudent(d.offer.studentId);
        if (!before) throw new NotFound(messages.notFound);
        await moveOffer(q, d, 'Accepted', 'Revoked', reason, messages.notRevocable);
        await q.addEvents([{ applicationId, stage: d.stage, offerState: 'Revoked', note: reason, actor }]);
        await recomputePlacement(q, d.offer.studentId, before, actor);
        await q.notify([
          {
            accountId: d.offer.studentId,
            sender: placementCell.sender,
            title: messages.event.Revoked,
            link: emailLinks.studentApplications,
            body: messages.notices.revokedForStudent(d.company, d.role, reason),
          },
          {
            accountId: d.companyId,
            aboutStudentId: d.offer.studentId,
            sender: placementCell.sender,
            title: messages.event.Revoked,
            link: emailLinks.companyApplicant(applicationId),
            body: messages.notices.revokedForCompany(studentName(d), d.role, reason),
          },
        ]);
      });
      return messages.revoked;
    },
  };
  return service;
}
export type OffersService = ReturnType<typeof createOffersService>;
