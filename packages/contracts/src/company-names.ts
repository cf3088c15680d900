import { requiredText } from './common.ts';
import { invalid, required } from './messages.ts';

/**
 * What a company may not call itself: words that name the placement cell, the college or its
 * staff, or the portal, whose notices students trust. Each phrase is matched as whole words of the
 * name, its words written together or apart, with an optional plural "s" ("Placement cells"), so a
 * word that merely contains one ("Adminis Corp", "Replacement Cells Ltd", "Cellular Networks")
 * passes.
 */
const reservedPhrases = [
  'placement cell',
  'placement office',
  'placement officer',
  'placement department',
  'placement team',
  'placement staff',
  'placement committee',
  'placement coordinator',
  'placement portal',
  'placement unit',
  'training and placement',
  'training placement',
  'placement and training',
  't and p',
  'tnp',
  'tpo',
  'career development cell',
  'career development centre',
  'career development center',
  'college staff',
  'college office',
  'college administration',
  'the college',
  'admin',
  'administrator',
  'administration',
  'sysadmin',
];

/** Names that, on their own, are a label the portal signs with ("Portal", offers lapsing) or a role. */
const reservedNames = [
  'portal',
  'the portal',
  'staff',
  'college',
  'placement',
  'system',
  'no reply',
  'noreply',
];

/**
 * Letters from other scripts that look like Latin ones (Cyrillic and Greek), and digits or signs
 * written for letters: "Plаcement" with a Cyrillic а, or "P1acement", reads like the real word.
 */
const lookalikes: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ӏ: 'l',
  ɑ: 'a',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'm',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
};

const plural = (word: string) => `${word}s?`;

/** One pattern for every phrase, over words separated by single spaces; no nested quantifiers. */
const reserved = new RegExp(
  `(?:^| )(?:${reservedPhrases.map((p) => p.split(' ').map(plural).join(' ?')).join('|')})(?: |$)`,
);

/**
 * The name as words to compare: lower case, accents, zero-width characters and punctuation dropped,
 * "&" and "+" read as "and", and letters written one by one ("T. P. O.", "P L A C E M E N T")
 * joined into one word.
 */
function wordsOf(name: string, one: 'i' | 'l'): string {
  const words = [
    ...name
      .normalize('NFKD')
      .replace(/[\p{M}\p{Cf}]/gu, '')
      .toLowerCase(),
  ]
    .map((c) => (c === '1' ? one : (lookalikes[c] ?? c)))
    .join('')
    .replace(/[&+]/g, ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const joined: string[] = [];
  let letters = '';
  for (const word of words) {
    if (word.length === 1) {
      letters += word;
      continue;
    }
    if (letters) joined.push(letters);
    letters = '';
    joined.push(word);
  }
  if (letters) joined.push(letters);
  return joined.join(' ');
}

/**
 * True when a company name claims to be the placement cell, the college's staff or the portal
 * ("Placement cell (Priya Nair)", "PLACEMENT-CELL", "Training & Placement Office", "T&P Cell",
 * "TPO", "College Staff", "Admin"). The one rule for sign-up, the profile and the web forms.
 */
export function claimsToBeTheCollege(name: string): boolean {
  return (['i', 'l'] as const).some((one) => {
    const words = wordsOf(name, one);
    return reservedNames.includes(words) || reserved.test(words);
  });
}

/** A company's name: required, at most 100 characters, and not one that claims to be the college. */
export const companyName = requiredText(required.company, 100).refine((name) => !claimsToBeTheCollege(name), {
  error: invalid.companyName,
});

/**
 * What happened to a company's name: renamed at once while awaiting approval, a new name asked for
 * after it, withdrawn (the approved name sent again), approved or rejected by staff.
 */
export const companyNameEvents = ['Renamed', 'Requested', 'Withdrawn', 'Approved', 'Rejected'] as const;
export type CompanyNameEvent = (typeof companyNameEvents)[number];
