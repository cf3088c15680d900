import { z } from 'zod';
import { controlCharacter, emailPattern, requiredText } from './common.ts';
import { http, invalid } from './messages.ts';

export const placementCellMessages = {
  name: "Please enter the placement cell's name.",
  saved: 'Placement cell details saved.',
  /** What About and Contact say until staff fill the details in. */
  notYet: 'The placement cell has not published its details yet.',
} as const;

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: invalid.tooLong(field, max) })
    .refine((value) => !controlCharacter.test(value), { error: http.controlCharacters });

/**
 * The college's placement cell as the public pages show it (About, Contact): its name, address and
 * how to reach it. Staff edit it; the email and phone may be left empty, and follow the sign-up
 * forms' rules when given.
 */
export const placementCell = z.object({
  name: requiredText(placementCellMessages.name, 120),
  address: optionalText('Address', 400),
  email: z
    .string({ error: invalid.email })
    .trim()
    .max(254, { error: invalid.email })
    .refine((value) => value === '' || emailPattern.test(value), { error: invalid.email })
    .transform((value) => value.toLowerCase()),
  phone: z
    .string({ error: invalid.phone })
    .trim()
    .refine((value) => value === '' || /^\d{10}$/.test(value), { error: invalid.phone }),
});
export type PlacementCell = z.infer<typeof placementCell>;

/** What the public read answers: empty texts until staff fill them in. */
export const placementCellDetails = z.object({
  name: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type PlacementCellDetails = z.infer<typeof placementCellDetails>;
