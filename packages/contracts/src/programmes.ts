import { z } from 'zod';
import { closedObject, requiredText } from './common.ts';
import { programmes as messages } from './messages.ts';

/*
 * The college's catalogue of programmes (degree level, degree, branch, code, duration), what a
 * student's current programme is chosen from and what a job targets. Eligibility compares codes:
 * a job open to "all B.Tech branches" names the degree, "B.Tech CSE and ECE" two programme codes,
 * "any postgraduate" a level. The rule is here once (`meetsTargets`), for the server's decision,
 * its SQL twin and the job form's live count alike.
 */

export const degreeLevels = ['Diploma', 'Undergraduate', 'Postgraduate', 'Doctorate'] as const;
export const degreeLevel = z.enum(degreeLevels, { error: messages.level });
export type DegreeLevel = z.infer<typeof degreeLevel>;

/** A programme's code: capitals, digits, `.`, `-` and `_`, starting with a capital or digit (BTECH-CSE). */
export const programmeCode = z
  .string({ error: messages.code })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9._-]{0,29}$/, { error: messages.code });

export const programmeInput = closedObject({
  code: programmeCode,
  level: degreeLevel,
  degree: requiredText(messages.degree, 50),
  /** The branch or specialisation; empty for a programme without one (MBA, MCA). */
  branch: z.string({ error: messages.branch }).trim().max(100, { error: messages.branch }).default(''),
  durationYears: z
    .number({ error: messages.duration })
    .int({ error: messages.duration })
    .min(1, { error: messages.duration })
    .max(7, { error: messages.duration }),
});
export type ProgrammeInput = z.input<typeof programmeInput>;

export const programme = z.object({
  _id: z.string(),
  code: z.string(),
  level: degreeLevel,
  degree: z.string(),
  branch: z.string(),
  /** "B.Tech Computer Science and Engineering": degree and branch, as students and jobs show it. */
  name: z.string(),
  durationYears: z.number().int(),
  /** Retired: kept for the students who hold it, no longer offered to choose. */
  retired: z.boolean(),
  /** How many students hold it as their current programme. */
  students: z.number().int(),
});
export type Programme = z.infer<typeof programme>;

export const programmeList = z.array(programme);

export const retireBody = closedObject({
  retired: z.boolean({ error: 'Please say whether the programme is retired.' }),
});

/** Programmes grouped by degree, in the order given (the pickers' and filters' groups). */
export function programmesByDegree<P extends { degree: string }>(programmes: readonly P[]): [string, P[]][] {
  const groups = new Map<string, P[]>();
  for (const p of programmes) groups.set(p.degree, [...(groups.get(p.degree) ?? []), p]);
  return [...groups];
}

/** A programme's name: its degree and branch. */
export const programmeName = (p: { degree: string; branch: string }): string =>
  p.branch ? `${p.degree} ${p.branch}` : p.degree;

/** What a job's criterion names: a degree level, a degree (all its branches) or one programme by code. */
export const targetKinds = ['level', 'degree', 'programme'] as const;
export type TargetKind = (typeof targetKinds)[number];

/** A target as stored and sent: `level:Postgraduate`, `degree:B.Tech`, `programme:BTECH-CSE`. */
export const programmeTarget = z
  .string({ error: messages.target })
  .regex(/^(level|degree|programme):\S.{0,98}$/, { error: messages.target });

export const parseTarget = (target: string): { kind: TargetKind; value: string } => {
  const at = target.indexOf(':');
  return { kind: target.slice(0, at) as TargetKind, value: target.slice(at + 1) };
};

/** What a programme is compared by: its code, level and degree. */
export type ProgrammeKey = { code: string; level: string; degree: string };

/**
 * Whether a student's programme meets a job's targets (none: anyone). Targets hold the catalogue's
 * own spelling (`targetForText` makes them so), so each compares exactly, as its SQL twin does.
 */
export function meetsTargets(targets: readonly string[], held: ProgrammeKey | null): boolean {
  if (targets.length === 0) return true;
  if (held === null) return false;
  for (const target of targets) {
    const { kind, value } = parseTarget(target);
    if (kind === 'level' && value === held.level) return true;
    if (kind === 'degree' && value === held.degree) return true;
    if (kind === 'programme' && value === held.code) return true;
  }
  return false;
}

/** A target as the reason and the job show it: "Any postgraduate", "B.Tech (all branches)", "B.Tech CSE". */
export function targetLabel(
  target: string,
  catalogue: readonly Pick<Programme, 'code' | 'name'>[] = [],
): string {
  const { kind, value } = parseTarget(target);
  if (kind === 'level') return `Any ${value.toLowerCase()}`;
  if (kind === 'degree') return `${value} (all branches)`;
  return catalogue.find((p) => p.code === value)?.name ?? value;
}

/** A target as a form's text field shows it, typed back to the same target: the level, degree or code. */
export const targetText = (target: string): string => parseTarget(target).value;

/** Text as free-text degrees are matched: lower case, letters and digits only ("B. Tech" is "btech"). */
export const matchKey = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Common ways of writing a branch, by the last part of a code (BTECH-CSE: "Computer Science"...). */
const branchWords: Record<string, string[]> = {
  CSE: ['cs', 'computerscience', 'computerscienceengineering', 'computerscienceandengineering'],
  ECE: ['ec', 'electronics', 'electronicsandcommunication', 'electronicsandcommunicationengineering'],
  EEE: ['ee', 'electrical', 'electricalandelectronics', 'electricalandelectronicsengineering'],
  ME: ['mech', 'mechanical', 'mechanicalengineering'],
  CE: ['civil', 'civilengineering'],
  IT: ['informationtechnology'],
};

/**
 * The programme free text names, or null when none or several could be meant. A code ("BTECH-CSE"),
 * a name ("B.Tech Computer Science and Engineering"), a degree with a branch's short form ("B.Tech
 * CSE", "B.E. Mechanical"), or a degree alone when the catalogue has one programme of it ("MBA").
 * Retired programmes still match (a student may hold one).
 */
export function programmeForText<P extends Pick<Programme, 'code' | 'degree' | 'branch'>>(
  text: string,
  catalogue: readonly P[],
): P | null {
  const key = matchKey(text);
  if (key === '') return null;
  const found = catalogue.filter((p) => {
    if (matchKey(p.code) === key || matchKey(programmeName(p)) === key) return true;
    const degree = matchKey(p.degree);
    if (!key.startsWith(degree)) return false;
    const rest = key.slice(degree.length);
    const short = p.code.split('-').slice(1).join('');
    return (
      rest !== '' && (rest === matchKey(short) || (branchWords[short.toUpperCase()] ?? []).includes(rest))
    );
  });
  if (found.length === 1) return found[0]!;
  if (found.length > 1) return null;
  const ofDegree = catalogue.filter((p) => matchKey(p.degree) === key);
  return ofDegree.length === 1 ? ofDegree[0]! : null;
}

/**
 * A job's criterion as typed ("Postgraduate", "B.Tech", "B.Tech CSE", "BTECH-CSE" or a target as
 * sent) as a target, or null when the catalogue knows no such level, degree or programme.
 */
export function targetForText(
  text: string,
  catalogue: readonly Pick<Programme, 'code' | 'degree' | 'branch'>[],
) {
  const trimmed = text.trim();
  if (programmeTarget.safeParse(trimmed).success) {
    const { kind, value } = parseTarget(trimmed);
    if (kind === 'level') return degreeLevels.find((l) => l === value) ? trimmed : null;
    if (kind === 'degree') {
      const degree = catalogue.find((p) => matchKey(p.degree) === matchKey(value))?.degree;
      return degree ? `degree:${degree}` : null;
    }
    const code = value.toUpperCase();
    return catalogue.some((p) => p.code === code) ? `programme:${code}` : null;
  }
  const key = matchKey(trimmed);
  const level = degreeLevels.find((l) => matchKey(l) === key || `any${matchKey(l)}` === key);
  if (level) return `level:${level}`;
  const degree = catalogue.find((p) => matchKey(p.degree) === key)?.degree;
  if (degree) return `degree:${degree}`;
  const one = programmeForText(trimmed, catalogue);
  return one ? `programme:${one.code}` : null;
}

/** A degree text no programme matched, with how many students hold it (the "Unmapped degrees" screen). */
export const unmappedDegree = z.object({ text: z.string(), students: z.number().int() });
export type UnmappedDegree = z.infer<typeof unmappedDegree>;
export const unmappedDegreeList = z.array(unmappedDegree);

/** Staff map a degree text to a programme: every student whose degrees hold it gets it. */
export const mapDegreeBody = closedObject({
  text: requiredText(messages.mapText, 100),
  code: programmeCode,
});
export type MapDegree = z.input<typeof mapDegreeBody>;
