import { describe, expect, it } from 'vitest';
import { allowedMoves, mayWithdraw, needsPackage, needsSchedule, stages } from './applications.ts';

describe('allowedMoves', () => {
  it('allows only later stages and Rejected, never a step back', () => {
    expect(allowedMoves('Form Submitted')).toEqual([
      'Shortlisted',
      'Online Assessment',
      'Technical Interview',
      'HR Interview',
      'Offer Letter',
      'Rejected',
    ]);
    expect(allowedMoves('Technical Interview')).toEqual(['HR Interview', 'Offer Letter', 'Rejected']);
    expect(allowedMoves('HR Interview')).toEqual(['Offer Letter', 'Rejected']);
  });

  it('allows nothing after an offer or a rejection', () => {
    expect(allowedMoves('Offer Letter')).toEqual([]);
    expect(allowedMoves('Rejected')).toEqual([]);
    expect(allowedMoves('Withdrawn')).toEqual([]);
  });

  it('never lets a company move an application to Withdrawn (the student withdraws)', () => {
    for (const stage of stages) expect(allowedMoves(stage)).not.toContain('Withdrawn');
  });
});

describe('mayWithdraw', () => {
  it('allows withdrawing until the company shortlists the application', () => {
    expect(stages.filter(mayWithdraw)).toEqual(['Form Submitted']);
  });

  it('never allows staying put (that is a reschedule, not a move)', () => {
    for (const stage of stages) expect(allowedMoves(stage)).not.toContain(stage);
  });
});

describe('needsSchedule', () => {
  it('is true for assessments and interviews only', () => {
    expect(stages.filter(needsSchedule)).toEqual([
      'Online Assessment',
      'Technical Interview',
      'HR Interview',
    ]);
  });
});

describe('needsPackage', () => {
  it('is true for the offer only', () => {
    expect(stages.filter(needsPackage)).toEqual(['Offer Letter']);
  });
});
