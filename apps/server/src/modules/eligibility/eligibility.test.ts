import { describe, expect, it } from 'vitest';
import { applying } from '@portal/contracts/messages';
import { type JobCriteria, notEligibleReason, type StudentFacts } from './eligibility.ts';

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
