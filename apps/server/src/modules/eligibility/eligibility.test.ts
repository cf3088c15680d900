import { describe, expect, it } from 'vitest';
import { degreeKey, TRIMMED_CHARACTERS } from './eligibility.ts';

describe('the comparison the database repeats', () => {
  it('TRIMMED_CHARACTERS are exactly the characters String.prototype.trim removes', () => {
    const trimmed: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      if (`${c}x${c}`.trim() === 'x') trimmed.push(c);
    }
    expect([...TRIMMED_CHARACTERS].sort()).toEqual(trimmed.sort());
  });

  it('degreeKey trims and folds ASCII letters only', () => {
    expect(degreeKey('\u00a0B.TECH\t')).toBe('b.tech');
    expect(degreeKey('ÉCOLE')).toBe('École');
    expect(degreeKey('école')).not.toBe(degreeKey('École'));
  });
});
