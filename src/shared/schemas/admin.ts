import { z } from 'zod';

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

export interface VendorApplication {
  id: string;
  businessName: string;
  businessAddress: string | null;
  specialty: string;
  location: string;
  phone: string | null;
  email: string;
  emailVerified: boolean;
  status: (typeof VENDOR_APPLICATION_STATUSES)[number];
  rejectionReason: string | null;
  createdAt: string;
}
