import { z } from 'zod';
import { closedObject, notification, phone, requiredText, studentRecordStatus } from './common.ts';
import { entries, invalid, required } from './messages.ts';

/** A student keeps at most this many internships and this many projects (each bounds the record's size). */
export const MAX_INTERNSHIPS = 50;
export const MAX_PROJECTS = 50;

export const internship = z.object({
  _id: z.string(),
  company: z.string(),
  role: z.string(),
  duration: z.string(),
  description: z.string(),
});
export type Internship = z.infer<typeof internship>;

export const project = z.object({
  _id: z.string(),
  title: z.string(),
  link: z.string(),
  duration: z.string(),
  description: z.string(),
});
export type Project = z.infer<typeof project>;

export const studentPersonalDetail = z.object({
  firstName: z.string(),
  lastName: z.string(),
  fathersName: z.string(),
  mothersName: z.string(),
  emailID: z.string(),
  phone: z.string(),
  /** API path of the picture, or an empty string when none was uploaded. */
  profilePicture: z.string(),
});

// ---- The academic fields' rules, written once: the student's own edit requires each, staff may clear one (null) ----

/** The bounds of the academic facts: the schemas below, job criteria and the forms' number inputs. */
export const academicBounds = {
  /** A roll number is text as the college writes it (`19BCE1234`), at most this long. */
  rollNumber: { maxLength: 30 },
  cgpa: { max: 10 },
  yearOfPassing: { min: 1950, max: 2100 },
  degrees: { max: 10 },
} as const;

/**
 * A roll number as the college writes it, kept as text. A number (what a client of the spec sends)
 * is taken as its digits; the spec's messages still answer an empty one ("Please enter the Roll
 * Number.") and a non-positive one ("Please enter a valid Roll number."). Whether it fits the
 * college's format (`rollNumberFitsFormat`) and is unique is the server's check: it needs the settings.
 */
export const rollNumber = z
  .union([z.string(), z.number()], { error: required.rollNumber })
  .transform((value, ctx): string => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: required.rollNumber });
      return z.NEVER;
    }
    // A number that is not a positive whole one, typed or sent, is the spec's "valid Roll number".
    const numeric = /^[-+]?\d*\.?\d+(?:e[-+]?\d+)?$/i.test(text);
    if (numeric && !(Number.isInteger(Number(text)) && Number(text) > 0)) {
      ctx.addIssue({ code: 'custom', message: invalid.rollNumber });
      return z.NEVER;
    }
    if (text.length > academicBounds.rollNumber.maxLength) {
      ctx.addIssue({
        code: 'custom',
        message: invalid.tooLong('Roll number', academicBounds.rollNumber.maxLength),
      });
      return z.NEVER;
    }
    return numeric ? String(Number(text)) : text;
  });

/** The college's roll number format when staff set none: letters, digits, `/` and `-`. */
export const DEFAULT_ROLL_NUMBER_FORMAT = '[A-Za-z0-9/-]+';

/**
 * A quantified group that itself holds a quantifier (`(a+)+`, `(\d*){2,}`): the shape whose
 * backtracking grows exponentially with the input. Refused in a format, so no roll number a
 * student types can hold the server up.
 */
const nestedQuantifier = /\((?:[^()\\]|\\.)*[+*?}](?:[^()\\]|\\.)*\)\s*[+*{]/;

/** A format as a whole-value regular expression (anchored), or null when it does not compile or could backtrack without end. */
export function rollNumberPattern(format: string): RegExp | null {
  if (nestedQuantifier.test(format)) return null;
  try {
    return new RegExp(`^(?:${format})$`, 'u');
  } catch {
    return null;
  }
}

/** Whether the roll number fits the college's format (an invalid format lets nothing through). */
export const rollNumberFitsFormat = (format: string, roll: string): boolean =>
  rollNumberPattern(format)?.test(roll) ?? false;

/** The roll number format staff keep in the settings: a regular expression that compiles. */
export const rollNumberFormat = z
  .string({ error: invalid.rollNumberFormatSetting })
  .trim()
  .min(1, { error: invalid.rollNumberFormatSetting })
  .max(200, { error: invalid.rollNumberFormatSetting })
  .refine((format) => rollNumberPattern(format) !== null, { error: invalid.rollNumberFormatSetting });

/** More than 0 (the spec's rule) and at most 10. */
export const cgpa = z
  .number({ error: required.cgpa })
  .positive({ error: invalid.cgpa })
  .max(academicBounds.cgpa.max, { error: invalid.cgpa });

export const yearOfPassing = z
  .number({ error: required.yearOfPassing })
  .int({ error: invalid.yearOfPassing })
  .min(academicBounds.yearOfPassing.min, { error: invalid.yearOfPassing })
  .max(academicBounds.yearOfPassing.max, { error: invalid.yearOfPassing });

/** The degrees, each a required text; the student's own edit also needs at least one. */
export const degreeList = z
  .array(requiredText(required.degrees, 100), { error: required.degrees })
  .max(academicBounds.degrees.max, { error: invalid.tooManyDegrees(academicBounds.degrees.max) });

/** The academic facts staff verify and eligibility is decided on. */
export const academicValues = z.object({
  rollNumber: z.string().nullable(),
  degrees: z.array(z.string()),
  collegeName: z.string(),
  cgpa: z.number().nullable(),
  yearOfPassing: z.number().nullable(),
});
export type AcademicValues = z.infer<typeof academicValues>;

/** Who verified the academic details and when (ISO time); null while unverified. */
export const verification = z.object({ by: z.string(), at: z.string() }).nullable();
export type Verification = z.infer<typeof verification>;

export const educationalDetails = academicValues.extend({
  verified: z.boolean(),
  verification,
});
export type EducationalDetails = z.infer<typeof educationalDetails>;

/** A student's change to verified academic details, waiting for the placement cell. */
export const pendingAcademicChange = z
  .object({ _id: z.string(), requestedAt: z.string(), newValues: academicValues })
  .nullable();

export const debarment = z.object({ reason: z.string(), until: z.string().nullable() }).nullable();
export type Debarment = z.infer<typeof debarment>;

export const placementStatus = z.object({
  isPlaced: z.boolean(),
  companyName: z.string(),
  packageOffered: z.number().nullable(),
  status: z.string(),
});
export type PlacementStatus = z.infer<typeof placementStatus>;

/** The student record as the spec names it; never carries a password or hash. */
export const studentRecord = z.object({
  _id: z.string(),
  role: studentRecordStatus,
  personalDetail: studentPersonalDetail,
  educationalDetails,
  /** API path of the resume PDF, or an empty string when none was uploaded. */
  resume: z.string(),
  placementStatus,
  applicationStatus: z.string(),
  pastInternshipsProjects: z.object({
    internships: z.array(internship),
    projects: z.array(project),
  }),
  notifications: z.array(notification),
  pendingAcademicChange,
  /**
   * Why the placement cell debarred the student and the last day (null: until lifted); set only
   * while the debarment is in force. Staff read the stored one, in force or not.
   */
  debarment,
});
export type StudentRecord = z.infer<typeof studentRecord>;

/** A student as a company sees them: no parents' names, no notifications, no account details. */
export const studentProfileForCompany = z.object({
  _id: z.string(),
  personalDetail: z.object({
    firstName: z.string(),
    lastName: z.string(),
    emailID: z.string(),
    phone: z.string(),
    profilePicture: z.string(),
  }),
  educationalDetails,
  resume: z.string(),
  pastInternshipsProjects: z.object({ internships: z.array(internship), projects: z.array(project) }),
});
export type StudentProfileForCompany = z.infer<typeof studentProfileForCompany>;

// ---- What a student may change about themselves ----

export const personalDetailUpdate = closedObject({
  firstName: requiredText(required.firstName, 50),
  lastName: requiredText(required.lastName, 50),
  fathersName: requiredText(required.fathersName, 100),
  mothersName: requiredText(required.mothersName, 100),
  phone,
});
export type PersonalDetailUpdate = z.input<typeof personalDetailUpdate>;

export const educationalDetailsUpdate = closedObject({
  rollNumber,
  degrees: degreeList.min(1, { error: required.degrees }),
  collegeName: requiredText(required.collegeName, 150),
  cgpa,
  yearOfPassing,
});
export type EducationalDetailsUpdate = z.input<typeof educationalDetailsUpdate>;

export const internshipInput = closedObject({
  company: requiredText(entries.internship.company, 100),
  role: requiredText(entries.internship.role, 100),
  duration: requiredText(entries.internship.duration, 50),
  description: requiredText(entries.internship.description, 2000),
});
export type InternshipInput = z.input<typeof internshipInput>;

export const projectInput = closedObject({
  title: requiredText(entries.project.title, 150),
  link: requiredText(entries.project.link, 500).regex(/^https?:\/\/\S+$/i, { error: invalid.projectLink }),
  duration: requiredText(entries.project.duration, 50),
  description: requiredText(entries.project.description, 2000),
});
export type ProjectInput = z.input<typeof projectInput>;

/** PUT /api/student/updateProfileDetail: one section at a time; internships and projects add one entry. */
export const updateProfileDetailBody = z.discriminatedUnion(
  'typ',
  [
    closedObject({ typ: z.literal('personalDetail'), value: personalDetailUpdate }),
    closedObject({ typ: z.literal('educationalDetails'), value: educationalDetailsUpdate }),
    closedObject({ typ: z.literal('internships'), value: internshipInput }),
    closedObject({ typ: z.literal('projects'), value: projectInput }),
  ],
  { error: invalid.profileSection },
);
export type UpdateProfileDetail = z.input<typeof updateProfileDetailBody>;
