import { z } from 'zod';

export const SUPPORT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000, messageMin: 10 } as const;

export const supportRequestSchema = z.object({
  name: z
    .string({ error: 'Please enter your name.' })
    .trim()
    .min(1, 'Please enter your name.')
    .max(SUPPORT_LIMITS.name, `Name must be at most ${SUPPORT_LIMITS.name} characters.`),
  email: z
    .string({ error: 'Please enter your email address.' })
    .trim()
    .min(1, 'Please enter your email address.')
    .max(SUPPORT_LIMITS.email, 'Email address is too long.')
    .pipe(z.email('Please enter a valid email address.')),
  subject: z
    .string({ error: 'Please enter a subject.' })
    .trim()
    .min(1, 'Please enter a subject.')
    .max(SUPPORT_LIMITS.subject, `Subject must be at most ${SUPPORT_LIMITS.subject} characters.`),
  message: z
    .string({ error: 'Please write your message.' })
    .trim()
    .min(SUPPORT_LIMITS.messageMin, `Please write at least ${SUPPORT_LIMITS.messageMin} characters.`)
    .max(SUPPORT_LIMITS.message, `Message must be at most ${SUPPORT_LIMITS.message} characters.`),
});
export type SupportRequestInput = z.infer<typeof supportRequestSchema>;

export const supportRequestCreatedSchema = z.object({ id: z.string(), createdAt: z.string() });
export type SupportRequestCreated = z.infer<typeof supportRequestCreatedSchema>;
