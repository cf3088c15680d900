import { z } from 'zod';
import { email, phone } from './common.ts';
import { invalid, required } from './messages.ts';
import { cgpa, degreeList, personalDetailUpdate, rollNumber, yearOfPassing } from './students.ts';

/** The most a file may hold: its size in bytes and its students (rows after the header). */
export const importLimits = { maxBytes: 5_000_000, maxRows: 10_000 } as const;

/** How many of each list (creates, updates, errors) a preview carries; the totals count them all. */
export const IMPORT_PREVIEW_CAP = 200;

/** How long a preview can be confirmed. */
export const IMPORT_TTL_MS = 60 * 60_000;

/** The columns an import reads, in the template's order. */
export const importFields = [
  'rollNumber',
  'firstName',
  'lastName',
  'email',
  'phone',
  'degrees',
  'cgpa',
  'yearOfPassing',
] as const;
export type ImportField = (typeof importFields)[number];

/**
 * The header each column has in the template, and the other names a header may have. Headers are
 * compared with case, spaces, dots, dashes and underscores left out ("Roll No.", "roll_no").
 */
export const importColumns: Record<ImportField, { header: string; aliases: readonly string[] }> = {
  rollNumber: { header: 'Roll Number', aliases: ['roll no', 'roll', 'rollnum', 'roll #'] },
  firstName: { header: 'First Name', aliases: ['first', 'given name'] },
  lastName: { header: 'Last Name', aliases: ['last', 'surname', 'family name'] },
  email: { header: 'Email', aliases: ['email id', 'emailid', 'email address', 'e-mail', 'mail'] },
  phone: { header: 'Phone', aliases: ['phone number', 'phone no', 'mobile', 'mobile number', 'contact'] },
  degrees: { header: 'Degrees', aliases: ['degree', 'course', 'program', 'programme'] },
  cgpa: { header: 'CGPA', aliases: ['gpa', 'cpi'] },
  yearOfPassing: {
    header: 'Year of Passing',
    aliases: ['passing year', 'year', 'graduation year', 'batch', 'passout year'],
  },
};

/** A header as it is compared: lower-case letters and digits only. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Several degrees in one cell are separated by semicolons. */
export const DEGREE_SEPARATOR = ';';

/** The template's text: the header and one example row. */
export const importTemplateCsv =
  importFields.map((f) => importColumns[f].header).join(',') +
  '\r\n' +
  '19BCE1001,Asha,Verma,asha.verma@example.com,9876543210,B.Tech; Minor in Economics,8.4,2026\r\n';

/** A cell's text as a number; text that is no number gets the field's "valid" message. */
const numberCell = (schema: z.ZodType<number, number>, message: string) =>
  z
    .string()
    .transform((text, ctx) => {
      const value = Number(text);
      if (text === '' || !Number.isFinite(value)) {
        ctx.issues.push({ code: 'custom', input: text, message });
        return z.NEVER;
      }
      return value;
    })
    .pipe(schema);

/**
 * Each column's rule, taken from the student's own profile and the staff edit (never copied): a
 * cell is trimmed first, and a blank cell means "no change" (it is not checked here).
 */
export const importCells = {
  rollNumber,
  firstName: personalDetailUpdate.shape.firstName,
  lastName: personalDetailUpdate.shape.lastName,
  email,
  phone,
  degrees: z
    .string()
    .transform((text) =>
      text
        .split(DEGREE_SEPARATOR)
        .map((d) => d.trim())
        .filter((d) => d !== ''),
    )
    .pipe(degreeList.min(1, { error: required.degrees })),
  cgpa: numberCell(cgpa, invalid.cgpa),
  yearOfPassing: numberCell(yearOfPassing, invalid.yearOfPassing),
} satisfies Record<ImportField, z.ZodType>;

/** A row's values as checked; a field left blank in the file is absent. */
export type ImportValues = Partial<{
  rollNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  degrees: string[];
  cgpa: number;
  yearOfPassing: number;
}>;

/** The fields a new student needs (an account cannot be made without them). */
export const importRequiredForNew = ['firstName', 'lastName', 'email', 'phone'] as const;
export const importRequiredMessages: Record<(typeof importRequiredForNew)[number], string> = {
  firstName: required.firstName,
  lastName: required.lastName,
  email: required.emailID,
  phone: required.phone,
};

export const importError = z.object({
  /** The row as numbered in the file: the header is row 1. */
  row: z.number().int(),
  /** The column's header as the file writes it, or empty for the row as a whole. */
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importError>;

export const importCreate = z.object({
  row: z.number().int(),
  name: z.string(),
  email: z.string(),
  rollNumber: z.string().nullable(),
});
export type ImportCreate = z.infer<typeof importCreate>;

export const importChange = z.object({ field: z.string(), from: z.string(), to: z.string() });
export type ImportChange = z.infer<typeof importChange>;

export const importUpdate = z.object({
  row: z.number().int(),
  student: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  changes: z.array(importChange),
});
export type ImportUpdate = z.infer<typeof importUpdate>;

/**
 * What an uploaded file would do, nothing written yet. Each list carries its first
 * IMPORT_PREVIEW_CAP entries in file order; `totals` counts them all.
 */
export const importPreview = z.object({
  id: z.string(),
  fileName: z.string(),
  expiresAt: z.string(),
  totals: z.object({
    rows: z.number().int(),
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    errors: z.number().int(),
  }),
  create: z.array(importCreate),
  update: z.array(importUpdate),
  errors: z.array(importError),
  unchanged: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  summary: z.string(),
});
export type ImportResult = z.infer<typeof importResult>;
