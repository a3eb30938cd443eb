import { z } from 'zod';
import { EMAIL_STATUSES } from './email.ts';

export const VENDOR_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const applicationListQuerySchema = z.object({
  status: z.enum(VENDOR_APPLICATION_STATUSES).default('pending'),
});

export const rejectApplicationSchema = z.object({
  reason: z
    .string({ error: 'Please give the vendor a reason.' })
    .trim()
    .min(10, 'Please give the vendor a reason of at least 10 characters.')
    .max(1000, 'The reason must be at most 1000 characters.'),
});
export type RejectApplicationInput = z.infer<typeof rejectApplicationSchema>;

export const vendorApplicationSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  businessAddress: z.string().nullable(),
  specialty: z.string(),
  /** The primary category and every category applied for (the primary first). */
  category: z.string(),
  categories: z.array(z.string()),
  location: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
  emailVerified: z.boolean(),
  status: z.enum(VENDOR_APPLICATION_STATUSES),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
});
export type VendorApplication = z.infer<typeof vendorApplicationSchema>;

export const vendorApplicationListSchema = z.object({ applications: z.array(vendorApplicationSchema) });
export type VendorApplicationList = z.infer<typeof vendorApplicationListSchema>;

/** The answer to approving or rejecting an application. */
export const applicationDecisionSchema = z.object({
  id: z.string(),
  status: z.enum(VENDOR_APPLICATION_STATUSES),
});
export type ApplicationDecision = z.infer<typeof applicationDecisionSchema>;

/**
 * The admin mailbox: every e-mail Frosted sends or keeps (the outbox), newest first, with where each
 * is in its life; `status=failed` lists those that gave up, to be retried or looked into.
 */
export const mailboxQuerySchema = z.object({
  to: z.string().trim().max(254).optional(),
  status: z.enum(EMAIL_STATUSES, { error: 'Not an e-mail status.' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const MAIL_MODES = ['smtp', 'outbox'] as const;

export const outboxEmailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  /** Null while queued to be written when sent (a notification, a digest). */
  subject: z.string().nullable(),
  kind: z.string(),
  link: z.string().nullable(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxEmailSummary = z.infer<typeof outboxEmailSummarySchema>;

export const mailboxSchema = z.object({
  mode: z.enum(MAIL_MODES),
  /** E-mails that gave up, whatever the filter: the page warns of them. */
  failed: z.number().int(),
  emails: z.array(outboxEmailSummarySchema),
});
export type Mailbox = z.infer<typeof mailboxSchema>;

export const outboxEmailSchema = outboxEmailSummarySchema.extend({
  html: z.string().nullable(),
  text: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const outboxEmailResponseSchema = z.object({ email: outboxEmailSchema });
export type OutboxEmailResponse = z.infer<typeof outboxEmailResponseSchema>;

/** The seeder page: the tables it can fill and how many demo rows each holds (plus demo accounts). */
export const seedStateSchema = z.object({
  tables: z.array(z.string()),
  counts: z.record(z.string(), z.number().int()),
});
export type SeedState = z.infer<typeof seedStateSchema>;

export const seedResultSchema = z.object({
  message: z.string(),
  counts: z.record(z.string(), z.number().int()),
});
export type SeedResult = z.infer<typeof seedResultSchema>;
