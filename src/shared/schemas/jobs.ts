import { z } from 'zod';

/** A background job that failed for good (the queue's dead letter), as an admin sees it. */
export const failedJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  key: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  runAt: z.string(),
  updatedAt: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const failedJobsResponseSchema = z.object({ jobs: z.array(failedJobSchema) });
export type FailedJobsResponse = z.infer<typeof failedJobsResponseSchema>;

export const jobIdParamSchema = z.object({ id: z.string().min(1).max(100) });
