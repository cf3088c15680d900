import { describe, expect, it } from 'vitest';
import { nextStages, takesSchedule } from './next-stages.ts';

describe('nextStages', () => {
  it('offers only later stages and Rejected, never a step back', () => {
    expect(nextStages('Form Submitted')).toEqual([
      'Shortlisted',
      'Online Assessment',
      'Technical Interview',
      'HR Interview',
      'Offer Letter',
      'Rejected',
    ]);
    expect(nextStages('Technical Interview')).toEqual(['HR Interview', 'Offer Letter', 'Rejected']);
  });

  it('offers nothing after an offer or a rejection', () => {
    expect(nextStages('Offer Letter')).toEqual([]);
    expect(nextStages('Rejected')).toEqual([]);
  });

  it('takes a schedule only for assessments and interviews', () => {
    expect(takesSchedule('Online Assessment')).toBe(true);
    expect(takesSchedule('HR Interview')).toBe(true);
    expect(takesSchedule('Shortlisted')).toBe(false);
    expect(takesSchedule('Offer Letter')).toBe(false);
  });
});
