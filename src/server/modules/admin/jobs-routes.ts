import { z } from 'zod';
import { failedJobsResponseSchema, type FailedJob } from '../../../shared/schemas/jobs.ts';
import { AppError } from '../../errors.ts';
import { adminOnly } from '../../http/auth-guard.ts';
import { idParams, json, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { failedJobs, retryFailedJob, type JobRow } from '../jobs/index.ts';

const route = routesOf({ tags: ['admin'], use: adminOnly });

const list = route.get('/failed', {
  summary: 'Background jobs that failed for good (the dead letter), newest first',
  ok: json(failedJobsResponseSchema, 'The failed jobs'),
  errors: [401, 403, 503],
});

const retry = route.post('/{id}/retry', {
  summary: 'Put a failed job back in the queue, due now (its attempts start over)',
  params: idParams('id'),
  ok: json(z.object({ ok: z.literal(true) }), 'Queued again'),
  errors: [400, 401, 403, 404, 503],
});

const present = (job: JobRow): FailedJob => ({
  id: job.id,
  kind: job.kind,
  key: job.key,
  attempts: job.attempts,
  lastError: job.lastError,
  runAt: job.runAt.toISOString(),
  updatedAt: job.updatedAt.toISOString(),
});

/** The job queue's dead letter for admins: what failed for good and why; each can be run again. */
export const jobRoutes = openApiRoutes()
  .openapi(list, async (c) => {
    const rows = await failedJobs(c.var.services.db);
    return c.json({ jobs: rows.map(present) }, 200);
  })
  .openapi(retry, async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock } = c.var.services;
    if (!(await retryFailedJob(db, { id, now: clock.now() })))
      throw AppError.notFound('Failed job not found');
    return c.json({ ok: true as const }, 200);
  });
