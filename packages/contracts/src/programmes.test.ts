import { describe, expect, it } from 'vitest';
import { meetsTargets, programmeForText, programmeName, targetForText, targetLabel } from './programmes.ts';

const catalogue = [
  { code: 'BTECH-CSE', level: 'Undergraduate', degree: 'B.Tech', branch: 'Computer Science and Engineering' },
  {
    code: 'BTECH-ECE',
    level: 'Undergraduate',
    degree: 'B.Tech',
    branch: 'Electronics and Communication Engineering',
  },
  { code: 'BE-ME', level: 'Undergraduate', degree: 'B.E.', branch: 'Mechanical Engineering' },
  { code: 'MBA', level: 'Postgraduate', degree: 'MBA', branch: '' },
  { code: 'MTECH-CSE', level: 'Postgraduate', degree: 'M.Tech', branch: 'Computer Science and Engineering' },
] as const;
const named = catalogue.map((p) => ({ ...p, name: programmeName(p) }));

describe('free text to a programme', () => {
  it.each([
    ['BTECH-CSE', 'BTECH-CSE'],
    ['btech cse', 'BTECH-CSE'],
    ['B.Tech CSE', 'BTECH-CSE'],
    ['B. Tech Computer Science', 'BTECH-CSE'],
    ['B.Tech Computer Science and Engineering', 'BTECH-CSE'],
    ['B.E. Mechanical', 'BE-ME'],
    [' MBA ', 'MBA'],
    ['M.Tech', 'MTECH-CSE'],
  ])('%s names %s', (text, code) => {
    expect(programmeForText(text, catalogue)?.code).toBe(code);
  });

  it.each(['B.Tech', 'B.Tech AI', 'École', ''])('%j names none (several or none could be meant)', (text) => {
    expect(programmeForText(text, catalogue)).toBeNull();
  });
});

describe("a job's criterion to a target", () => {
  it.each([
    ['Postgraduate', 'level:Postgraduate'],
    ['any postgraduate', 'level:Postgraduate'],
    ['B.Tech', 'degree:B.Tech'],
    ['btech', 'degree:B.Tech'],
    ['B.Tech ECE', 'programme:BTECH-ECE'],
    ['programme:btech-cse', 'programme:BTECH-CSE'],
    ['degree:B.E.', 'degree:B.E.'],
  ])('%s is %s', (text, target) => {
    expect(targetForText(text, catalogue)).toBe(target);
  });

  it('is null for what the catalogue does not know', () => {
    expect(targetForText('B.Arch', catalogue)).toBeNull();
    expect(targetForText('programme:NOPE', catalogue)).toBeNull();
    expect(targetForText('level:Kindergarten', catalogue)).toBeNull();
  });

  it('labels targets as the reason shows them', () => {
    expect(targetLabel('level:Postgraduate')).toBe('Any postgraduate');
    expect(targetLabel('degree:B.Tech')).toBe('B.Tech (all branches)');
    expect(targetLabel('programme:BE-ME', named)).toBe('B.E. Mechanical Engineering');
  });
});

describe('meetsTargets', () => {
  it('agrees with a target-by-target reading for every programme and every pair of targets', () => {
    const targets = [
      ...catalogue.map((p) => `programme:${p.code}`),
      'degree:B.Tech',
      'degree:MBA',
      'level:Postgraduate',
      'level:Undergraduate',
      'level:Doctorate',
    ];
    for (const p of catalogue) {
      for (const a of targets) {
        for (const b of targets) {
          const one = (t: string) =>
            t === `programme:${p.code}` || t === `degree:${p.degree}` || t === `level:${p.level}`;
          expect(meetsTargets([a, b], p), `${p.code} ${a} ${b}`).toBe(one(a) || one(b));
        }
      }
      expect(meetsTargets([], p)).toBe(true);
    }
    expect(meetsTargets([], null)).toBe(true);
    expect(meetsTargets(['degree:B.Tech'], null)).toBe(false);
  });
});

describe('the roll number format', () => {
  it('accepts the default and ordinary patterns, refuses ones that do not compile or nest quantifiers', async () => {
    const { rollNumberPattern, rollNumberFitsFormat, DEFAULT_ROLL_NUMBER_FORMAT } =
      await import('./students.ts');
    expect(rollNumberFitsFormat(DEFAULT_ROLL_NUMBER_FORMAT, '19BCE-12/34')).toBe(true);
    expect(rollNumberFitsFormat(DEFAULT_ROLL_NUMBER_FORMAT, '19 BCE')).toBe(false);
    expect(rollNumberPattern('\\d{2}[A-Z]{3}\\d{4}')).not.toBeNull();
    expect(rollNumberPattern('(19|20)[A-Z]{3}\\d+')).not.toBeNull();
    for (const bad of ['([A-Z', '(a+)+', '(\\d*){2,}', '([A-Z]+\\d?)*'])
      expect(rollNumberPattern(bad), bad).toBeNull();
  });
});
