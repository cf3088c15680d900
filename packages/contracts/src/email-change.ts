import { z } from 'zod';
import { emailChange } from './messages.ts';

/** `POST /api/<role>/confirmEmailChange`: the token from the link sent to the new address. */
export const confirmEmailChangeBody = z.object({
  token: z
    .string({ error: emailChange.invalidLink })
    .min(1, { error: emailChange.invalidLink })
    .max(200, { error: emailChange.invalidLink }),
});
export type ConfirmEmailChange = z.input<typeof confirmEmailChangeBody>;
