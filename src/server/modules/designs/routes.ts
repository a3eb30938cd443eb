import type { Hook } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  DESIGN_REQUIRED_FIELDS,
  DESIGN_REQUIRED_MESSAGE,
  designGenerationSchema,
  designIdParamSchema,
  designQuotaSchema,
  publicDesignSchema,
  saveDesignSchema,
  savedDesignSchema,
  startGenerationSchema,
} from '../../../shared/schemas/designs.ts';
import { AppError } from '../../errors.ts';
import { currentActor, customersOnly } from '../../http/auth-guard.ts';
import { clientIp } from '../../http/client-ip.ts';
import { json, jsonBody, openApiRoutes, routesOf, validationHook } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { AppEnv } from '../../http/types.ts';
import { getPublicDesign, saveDesign } from './design-service.ts';
import { followGeneration } from './events.ts';
import { generationImages, getGeneration, startGeneration } from './generation-service.ts';
import { presentGeneration, presentPublicDesign, presentSavedDesign } from './presenter.ts';
import { quotaDay, quotaSubject, readQuota } from './quota.ts';

const route = routesOf({ tags: ['designs'] });
// Beyond the daily allowance: stops a script from hammering the endpoint within it.
const generateLimit = rateLimit({ name: 'designs-generate', max: () => 20, windowSeconds: 60 });
const saveLimit = rateLimit({ name: 'designs-save', max: () => 60, windowSeconds: 60 });

const quota = route.get('/quota', {
  summary: "Today's design allowance of the signed-in user or this visitor",
  ok: json(designQuotaSchema, 'Limit, used and remaining images'),
  errors: [400, 503],
});

const generate = route.post('/generations', {
  summary: 'Start drawing one design or three variations (visitors too, within a smaller allowance)',
  use: [generateLimit],
  body: jsonBody(startGenerationSchema),
  accepted: json(designGenerationSchema, 'Started; follow it with the events stream or by polling'),
  errors: [400, 403, 404, 413, 415, 429, 503],
});

const generation = route.get('/generations/{id}', {
  summary: 'A generation: progress, then its images or error',
  params: designIdParamSchema,
  ok: json(designGenerationSchema, 'The generation'),
  errors: [400, 404, 503],
});

const events = route.get('/generations/{id}/events', {
  summary: 'Server-sent events of a generation',
  description:
    '`progress` events (`{ progress, stage }`) in order, replayed from the start, then `done` or `failed` with the generation.',
  params: designIdParamSchema,
  ok: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
  errors: [400, 404, 503],
});

const save = route.post('/', {
  summary: 'Save a generated image to My Designs',
  use: [saveLimit, customersOnly],
  body: jsonBody(saveDesignSchema),
  created: json(savedDesignSchema, 'Saved'),
  ok: json(savedDesignSchema, 'Already saved'),
  errors: [400, 401, 403, 404, 413, 415, 429, 503],
});

const publicDesign = route.get('/{id}', {
  summary: 'The public page of a design (a generated image or a saved design)',
  params: designIdParamSchema,
  ok: json(publicDesignSchema, 'The design'),
  errors: [400, 404, 503],
});

/** The spec's one message when a required choice is missing, with each field's own message. */
function generationHook<I>(result: Parameters<Hook<I, AppEnv, string, undefined>>[0]): undefined {
  try {
    validationHook(result);
  } catch (err) {
    const fields = err instanceof AppError ? err.fields : undefined;
    if (fields && DESIGN_REQUIRED_FIELDS.some((f) => f in fields)) {
      throw AppError.validation(fields, DESIGN_REQUIRED_MESSAGE);
    }
    throw err;
  }
}

/** The AI cake designer (/api/designs): open to visitors within a smaller daily allowance. */
export const designRoutes = openApiRoutes()
  .openapi(quota, async (c) => {
    const { db, config } = c.var.services;
    const actor = await currentActor(c);
    const subject = quotaSubject(actor, clientIp(c, config), config.images.dailyLimit);
    const quota = await readQuota(db, { subject, day: quotaDay() });
    return c.json({ ...quota, signedIn: subject.signedIn }, 200);
  })
  .openapi(
    generate,
    async (c) => {
      const { db, config, designs } = c.var.services;
      const actor = await currentActor(c);
      const input = c.req.valid('json');
      const subject = quotaSubject(actor, clientIp(c, config), config.images.dailyLimit);
      const started = await startGeneration({ db, runner: designs, actor, subject, input });
      return c.json(presentGeneration(started, []), 202);
    },
    generationHook,
  )
  .openapi(generation, async (c) => {
    const { db } = c.var.services;
    const { id } = c.req.valid('param');
    const row = await getGeneration({ db, actor: await currentActor(c), id });
    return c.json(presentGeneration(row, await generationImages(db, id)), 200);
  })
  .openapi(events, async (c) => {
    const { db } = c.var.services;
    const { id } = c.req.valid('param');
    await getGeneration({ db, actor: await currentActor(c), id });
    return followGeneration(c, id);
  })
  .openapi(save, async (c) => {
    // Saved designs are a customer's (My Designs); vendors have no such list.
    const { imageId } = c.req.valid('json');
    const { row, created } = await saveDesign({ db: c.var.services.db, actor: c.var.actor, imageId });
    const body = presentSavedDesign(row, created);
    return created ? c.json(body, 201) : c.json(body, 200);
  })
  .openapi(publicDesign, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(presentPublicDesign(await getPublicDesign({ db: c.var.services.db, id })), 200);
  });
