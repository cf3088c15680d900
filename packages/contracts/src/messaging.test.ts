import { describe, expect, it } from 'vitest';
import { fillPlaceholders, messageText, unknownPlaceholders } from './messaging.ts';

const values = { firstName: 'Asha', jobRole: 'Data Analyst', company: 'Initech', stage: 'Shortlisted' };

describe('placeholders', () => {
  it('fills each known placeholder, every time it appears, and leaves other braces as written', () => {
    expect(
      fillPlaceholders('{firstName}, {company}: {jobRole} at {stage}. Bye {firstName}. {x} {}', values),
    ).toBe('Asha, Initech: Data Analyst at Shortlisted. Bye Asha. {x} {}');
  });

  it('does not fill a value that itself looks like a placeholder', () => {
    expect(fillPlaceholders('{firstName} {company}', { ...values, firstName: '{company}' })).toBe(
      '{company} Initech',
    );
  });

  it('names the unknown placeholders once each, and the schema refuses them', () => {
    expect(unknownPlaceholders('{foo} {firstName} {foo} {Stage}')).toEqual(['foo', 'Stage']);
    const parsed = messageText.safeParse({ subject: 'Hi', body: 'Dear {name}' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'Unknown placeholder {name}. Please use only {firstName}, {jobRole}, {company} and {stage}.',
    );
  });
});
