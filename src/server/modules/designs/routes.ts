import { Hono } from 'hono';
import {
  DESIGN_REQUIRED_FIELDS,
  DESIGN_REQUIRED_MESSAGE,
  designIdParamSchema,
  saveDesignSchema,
  startGenerationSchema,
} from '../../../shared/schemas/designs.ts';
import { AppError } from '../../http/app-error.ts';
import { currentActor, requireUserType } from '../../http/auth-guard.ts';
import { clientIp } from '../../http/client-ip.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { AppEnv } from '../../http/types.ts';
import { parseOrThrow, readJson, validJson } from '../../http/validate.ts';
import { getPublicDesign, saveDesign } from './design-service.ts';
import { followGeneration } from './events.ts';
import { generationImages, getGeneration, startGeneration } from './generation-service.ts';
import { presentGeneration, presentPublicDesign, presentSavedDesign } from './presenter.ts';
import { quotaDay, quotaSubject, readQuota } from './quota.ts';

// Beyond the daily allowance: stops a script from hammering the endpoint within it.
const generateLimit = rateLimit({ name: 'designs-generate', max: () => 20, windowSeconds: 60 });

/** The spec's one message when a required choice is missing, with each field's own message. */
function parseGeneration(body: unknown) {
  try {
    return parseOrThrow(startGenerationSchema, body);
  } catch (err) {
    const fields = err instanceof AppError ? err.fields : undefined;
    if (fields && DESIGN_REQUIRED_FIELDS.some((f) => f in fields)) {
      throw AppError.validation(fields, DESIGN_REQUIRED_MESSAGE);
    }
    throw err;
  }
}

/** The AI cake designer (/api/designs): open to visitors within a smaller daily allowance. */
export const designRoutes = new Hono<AppEnv>()
  .get('/quota', async (c) => {
    const { db, config } = c.var.services;
    const actor = await currentActor(c);
    const subject = quotaSubject(actor, clientIp(c, config.trustProxy), config.images.dailyLimit);
    const quota = await readQuota(db, subject, quotaDay());
    return c.json({ ...quota, signedIn: subject.signedIn });
  })
  .post('/generations', generateLimit, async (c) => {
    const { db, config, designs } = c.var.services;
    const actor = await currentActor(c);
    const input = parseGeneration(await readJson(c));
    const subject = quotaSubject(actor, clientIp(c, config.trustProxy), config.images.dailyLimit);
    const started = await startGeneration({ db, runner: designs, actor, subject, input });
    return c.json(presentGeneration(started, []), 202);
  })
  .get('/generations/:id', async (c) => {
    const { db } = c.var.services;
    const { id } = parseOrThrow(designIdParamSchema, c.req.param());
    const row = await getGeneration({ db, actor: await currentActor(c), id });
    return c.json(presentGeneration(row, await generationImages(db, id)));
  })
  .get('/generations/:id/events', async (c) => {
    const { db } = c.var.services;
    const { id } = parseOrThrow(designIdParamSchema, c.req.param());
    await getGeneration({ db, actor: await currentActor(c), id });
    return followGeneration(c, id);
  })
  .post('/', rateLimit({ name: 'designs-save', max: () => 60, windowSeconds: 60 }), async (c) => {
    // Saved designs are a customer's (My Designs); vendors have no such list.
    const actor = await requireUserType(c, 'customer');
    const { imageId } = await validJson(c, saveDesignSchema);
    const { row, created } = await saveDesign({ db: c.var.services.db, actor, imageId });
    return c.json(presentSavedDesign(row, created), created ? 201 : 200);
  })
  .get('/:id', async (c) => {
    const { id } = parseOrThrow(designIdParamSchema, c.req.param());
    return c.json(presentPublicDesign(await getPublicDesign({ db: c.var.services.db, id })));
  });
