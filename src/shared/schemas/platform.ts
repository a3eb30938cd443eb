import { z } from 'zod';
import { MAIL_MODES } from './admin.ts';

/** GET /api/health: whether the database answers, and how fast. 503 with `status: 'error'` when not. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({
    ok: z.boolean(),
    kind: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().optional(),
  }),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/config: what the browser may know about this server's setup (never a secret). */
export const publicConfigSchema = z.object({
  mail: z.enum(MAIL_MODES),
  /** Where Frosted is meant to be opened (sign-in from another address is refused). */
  publicUrl: z.string(),
  /** SERVICE_FEE_RATE: the Terms and FAQ state the fee as configured. */
  serviceFeeRate: z.number(),
  google: z.boolean(),
  googleRedirectUri: z.string(),
  /** The AI cake designer: which image provider draws, and why it cannot yet (the missing-key text). */
  designer: z.object({
    provider: z.enum(['procedural', 'openai']),
    ready: z.boolean(),
    message: z.string().nullable(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
