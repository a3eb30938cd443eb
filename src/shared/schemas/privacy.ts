import { z } from 'zod';
import { AGE_CONFIRMATION_MESSAGE, CLOSE_CONFIRMATION_WORD } from '../privacy.ts';

/** The box every new member ticks: 18 or older (the Terms' minimum age). */
export const ageConfirmation = z.literal(true, { error: AGE_CONFIRMATION_MESSAGE });

/** POST /api/me/privacy/age: a person who signed in with Google for the first time confirms their age. */
export const confirmAgeSchema = z.object({ confirmAge: ageConfirmation });
export type ConfirmAgeInput = z.infer<typeof confirmAgeSchema>;
export const ageConfirmedSchema = z.object({ ageConfirmedAt: z.string() });

/**
 * POST /api/me/privacy/close: an account with a password re-enters it; one without (Google) types
 * the confirmation word. The server decides which one the account needs.
 */
export const closeAccountSchema = z.object({
  password: z.string().max(128, 'Password must be at most 128 characters.').optional(),
  confirmation: z.string().max(40).optional(),
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;
export const CLOSE_CONFIRMATION_MESSAGE = `Please type ${CLOSE_CONFIRMATION_WORD} to confirm.`;
export const accountClosedSchema = z.object({ closed: z.literal(true) });

/** GET /api/me/privacy/export: everything Frosted holds about the signed-in user, as one JSON document. */
export const dataExportSchema = z
  .object({ exportedAt: z.string(), format: z.literal('frosted-data-export/1') })
  .catchall(z.unknown());
