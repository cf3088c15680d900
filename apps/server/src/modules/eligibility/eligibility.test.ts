import { fc, it as prop } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { applying, policy as policyMessages } from '@portal/contracts/messages';
import { defaultPlacementPolicy } from '@portal/contracts/placement-policy';
import {
  type ApplyContext,
  applyDecision,
  decisionKey,
  type JobCriteria,
  type JobFacts,
  mayApply,
  notEligibleReason,
  type Refusal,
  refusalCause,
  type StudentFacts,
} from './eligibility.ts';

const cse = { code: 'BTECH-CSE', level: 'Undergraduate', degree: 'B.Tech' };
const ece = { code: 'BTECH-ECE', level: 'Undergraduate', degree: 'B.Tech' };
const mca = { code: 'MCA', level: 'Postgraduate', degree: 'MCA' };

const student = (programme: StudentFacts['programme']): StudentFacts => ({
  cgpa: 8,
  degrees: ['as written'],
  programme,
  yearOfPassing: 2026,
  verified: true,
});
const job = (eligibleProgrammes: string[], eligibleDegrees: string[] = []): JobCriteria => ({
  minCgpa: null,
  eligibleDegrees,
  eligibleProgrammes,
  eligibleYears: [],
});
const off = { requireVerifiedAcademics: false };
/** A policy of two tiers: Dream from 10 LPA. */
const policy = {
  ...defaultPlacementPolicy,
  tiers: [
    { name: 'Regular', minPackage: 0 },
    { name: 'Dream', minPackage: 10 },
  ],
  version: 2,
  by: 'Staff',
  at: '2026-11-01T00:00:00.000Z',
};

describe('eligibility by programme: codes, not text', () => {
  it('lets every branch of a degree apply to a job open to the degree ("all B.Tech branches")', () => {
    const allBtech = job(['degree:B.Tech'], ['B.Tech (all branches)']);
    expect(notEligibleReason(allBtech, student(cse), off)).toBeNull();
    expect(notEligibleReason(allBtech, student(ece), off)).toBeNull();
    expect(notEligibleReason(allBtech, student(mca), off)).toBe(applying.degrees(['B.Tech (all branches)']));
  });

  it('lets only the named programmes apply ("B.Tech CSE and ECE"), and names them in the reason', () => {
    const two = job(
      ['programme:BTECH-CSE', 'programme:BTECH-ECE'],
      ['B.Tech Computer Science and Engineering', 'B.Tech Electronics and Communication Engineering'],
    );
    expect(notEligibleReason(two, student(ece), off)).toBeNull();
    expect(notEligibleReason(two, student({ ...cse, code: 'BTECH-ME' }), off)).toBe(
      'Open to B.Tech Computer Science and Engineering, B.Tech Electronics and Communication Engineering only.',
    );
  });

  it('lets any programme of a level apply ("any postgraduate")', () => {
    const pg = job(['level:Postgraduate']);
    expect(notEligibleReason(pg, student(mca), off)).toBeNull();
    expect(notEligibleReason(pg, student(cse), off)).toBe(applying.degrees(['Any postgraduate']));
  });

  it('refuses a student without a programme when the job names any, and lets anyone apply when it names none', () => {
    expect(notEligibleReason(job(['degree:B.Tech']), student(null), off)).toBe(
      applying.degrees(['B.Tech (all branches)']),
    );
    expect(notEligibleReason(job([]), student(null), off)).toBeNull();
  });

  it('never matches on text alone: a degree written like the target but held as another code is refused', () => {
    expect(
      notEligibleReason(job(['programme:BTECH-CSE']), { ...student(ece), degrees: ['BTECH-CSE'] }, off),
    ).not.toBeNull();
  });
});

describe('the decision, worded and unworded', () => {
  const open: JobFacts = {
    status: 'Open',
    startDate: '2026-11-01',
    applicationDeadline: '2026-12-31',
    minCgpa: 7,
    eligibleDegrees: [],
    eligibleProgrammes: [],
    eligibleYears: [2026],
    package: 12,
    type: 'Full-time',
    requiredEventId: 'talk',
  };
  const ready: ApplyContext = {
    today: '2026-11-27',
    settings: off,
    policy,
    student: { ...student(cse), debarment: null, accepted: [] },
    missing: [],
    attended: new Set(['talk']),
  };
  const cases: [string, JobFacts, ApplyContext, Refusal | null][] = [
    ['one who may apply', open, ready, null],
    [
      'a debarred student, before the job’s timing',
      { ...open, status: 'Closed' },
      { ...ready, student: { ...ready.student, debarment: { reason: 'No-show', until: null } } },
      { kind: 'notEligible', reason: policyMessages.debarred(null, 'No-show') },
    ],
    ['a closed job', { ...open, status: 'Closed' }, ready, { kind: 'closed', reason: applying.closed }],
    [
      'a passed deadline',
      { ...open, applicationDeadline: '2026-11-26' },
      ready,
      { kind: 'closed', reason: applying.deadlinePassed },
    ],
    [
      'a job not open yet',
      { ...open, startDate: '2026-12-01', minCgpa: 9 },
      ready,
      { kind: 'notOpenYet', reason: applying.notOpenYet('2026-12-01') },
    ],
    [
      'a CGPA under the minimum',
      { ...open, minCgpa: 9 },
      ready,
      { kind: 'notEligible', reason: applying.minCgpa(9, 8) },
    ],
    [
      'another batch',
      { ...open, eligibleYears: [2027, 2028] },
      ready,
      { kind: 'notEligible', reason: applying.years([2027, 2028]) },
    ],
    [
      'an accepted offer in the same tier',
      open,
      { ...ready, student: { ...ready.student, accepted: [{ package: 15, jobType: 'Full-time' }] } },
      { kind: 'notEligible', reason: policyMessages.sameOrHigherTier('Dream', 'Dream') },
    ],
    [
      'the talk not attended',
      open,
      { ...ready, attended: new Set() },
      { kind: 'notEligible', reason: applying.talkRequired },
    ],
    [
      'a profile missing its resume and CGPA',
      open,
      { ...ready, missing: ['cgpa', 'resume'] },
      { kind: 'incomplete', reason: applying.incomplete(['CGPA', 'resume']) },
    ],
  ];

  it.each(cases)('%s: the reason shown, and the eligible-only filter agrees', (_, job, ctx, refusal) => {
    expect(applyDecision(job, ctx)).toEqual(refusal);
    expect(mayApply(job, ctx)).toBe(refusal === null);
  });
});

describe('the decision key', () => {
  // Small domains, so that two jobs often share a key while their other fields differ.
  const day = fc.constantFrom('2026-11-20', '2026-11-27', '2026-12-04');
  const jobFacts: fc.Arbitrary<JobFacts> = fc.record({
    status: fc.constantFrom('Open' as const, 'Closed' as const),
    startDate: day,
    applicationDeadline: day,
    minCgpa: fc.constantFrom(null, 6.5, 8),
    eligibleDegrees: fc.constantFrom<string[]>([], ['B.Tech (all branches)']),
    eligibleProgrammes: fc.constantFrom(
      [],
      ['degree:B.Tech'],
      ['level:Postgraduate'],
      ['programme:BTECH-ECE'],
    ),
    eligibleYears: fc.constantFrom<number[]>([], [2026], [2027]),
    package: fc.constantFrom(null, 4, 12),
    type: fc.constantFrom('Full-time' as const, 'Internship' as const),
    requiredEventId: fc.constantFrom(null, 'talk'),
  });
  const jobFields = [
    'status',
    'startDate',
    'applicationDeadline',
    'minCgpa',
    'eligibleDegrees',
    'eligibleProgrammes',
    'eligibleYears',
    'package',
    'type',
    'requiredEventId',
  ] as const;
  const context = fc.record({
    cgpa: fc.constantFrom(null, 7, 9),
    programme: fc.constantFrom(null, cse, mca),
    yearOfPassing: fc.constantFrom(null, 2026),
    verified: fc.boolean(),
    requireVerified: fc.boolean(),
    accepted: fc.constantFrom<{ package: number; jobType: 'Full-time' | 'Internship' }[][]>(
      [],
      [{ package: 12, jobType: 'Full-time' }],
    ),
    debarred: fc.boolean(),
    attended: fc.boolean(),
    missing: fc.constantFrom([], ['resume' as const]),
  });

  // A second job: the first with up to two fields taken from another.
  const jobPair = fc
    .tuple(jobFacts, jobFacts, fc.uniqueArray(fc.constantFrom(...jobFields), { maxLength: 2 }))
    .map(
      ([a, other, fields]) => [a, { ...a, ...Object.fromEntries(fields.map((f) => [f, other[f]])) }] as const,
    );

  prop.prop([jobPair, context], { numRuns: 3000 })(
    'gives two jobs with the same key on a day the same decision for any student',
    ([a, b], c) => {
      const today = '2026-11-27';
      fc.pre(decisionKey(a, today) === decisionKey(b, today));
      const ctx: ApplyContext = {
        today,
        settings: { requireVerifiedAcademics: c.requireVerified },
        policy,
        student: {
          ...student(c.programme),
          cgpa: c.cgpa,
          yearOfPassing: c.yearOfPassing,
          verified: c.verified,
          debarment: c.debarred ? { reason: '', until: null } : null,
          accepted: c.accepted,
        },
        missing: c.missing,
        attended: new Set(c.attended ? ['talk'] : []),
      };
      expect(refusalCause(b, ctx)).toBe(refusalCause(a, ctx));
    },
  );
});
