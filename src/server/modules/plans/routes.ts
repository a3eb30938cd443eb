import { z } from 'zod';
import {
  orderScheduleSchema,
  planInputSchema,
  planListSchema,
  planUpdateSchema,
  planViewSchema,
} from '../../../shared/schemas/plans.ts';
import { quoteRequestCreatedSchema, quoteRequestInputSchema } from '../../../shared/schemas/quotes.ts';
import { customersOnly, signedIn } from '../../http/auth-guard.ts';
import { idParams, json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { getPlan, listPlans, orderSchedule } from './read.ts';
import { createPlan, deletePlan, requestFromPlan, updatePlan } from './service.ts';

const route = routesOf({ tags: ['plans'] });
const writeLimit = rateLimit({ name: 'plans', max: () => 60, windowSeconds: 3600 });
const requestLimit = rateLimit({ name: 'quote-requests', max: () => 20, windowSeconds: 3600 });
const writeErrors = [400, 401, 403, 404, 409, 413, 415, 429, 503] as const;

/** A customer's event plans (/api/plans). */
export const planRoutes = openApiRoutes()
  .openapi(
    route.post('/', {
      summary: 'Plan an event: its day, venue, guests, budget and the vendors wanted',
      use: [writeLimit, customersOnly],
      body: jsonBody(planInputSchema),
      created: json(planViewSchema, 'The new plan'),
      errors: writeErrors,
    }),
    async (c) => {
      const { db, clock } = c.var.services;
      const actor = c.var.actor;
      const planId = await createPlan({ db, actor, input: c.req.valid('json'), now: clock.now() });
      return c.json(await getPlan({ db, actor, planId }), 201);
    },
  )
  .openapi(
    route.get('/', {
      summary: 'Your event plans, soonest first',
      use: customersOnly,
      ok: json(planListSchema, 'Your plans'),
      errors: [401, 403, 503],
    }),
    async (c) => c.json(await listPlans({ db: c.var.services.db, actor: c.var.actor }), 200),
  )
  .openapi(
    route.get('/{id}', {
      summary: 'One of your event plans: its checklist, quotes, bookings, budget and timeline',
      use: customersOnly,
      params: idParams('id'),
      ok: json(planViewSchema, 'The plan'),
      errors: [400, 401, 403, 404, 503],
    }),
    async (c) =>
      c.json(
        await getPlan({ db: c.var.services.db, actor: c.var.actor, planId: c.req.valid('param').id }),
        200,
      ),
  )
  .openapi(
    route.patch('/{id}', {
      summary: 'Change your event plan (only the fields sent)',
      use: [writeLimit, customersOnly],
      params: idParams('id'),
      body: jsonBody(planUpdateSchema),
      ok: json(planViewSchema, 'The plan'),
      errors: writeErrors,
    }),
    async (c) => {
      const { db, clock } = c.var.services;
      const actor = c.var.actor;
      const planId = c.req.valid('param').id;
      await updatePlan({ db, actor, planId, input: c.req.valid('json'), now: clock.now() });
      return c.json(await getPlan({ db, actor, planId }), 200);
    },
  )
  .openapi(
    route.delete('/{id}', {
      summary: 'Delete an event plan that has booked nobody yet',
      use: [writeLimit, customersOnly],
      params: idParams('id'),
      ok: json(z.object({ deleted: z.literal(true) }), 'Deleted'),
      errors: [400, 401, 403, 404, 409, 429, 503],
    }),
    async (c) => {
      await deletePlan({ db: c.var.services.db, actor: c.var.actor, planId: c.req.valid('param').id });
      return c.json({ deleted: true as const }, 200);
    },
  )
  .openapi(
    route.post('/{id}/requests', {
      summary: "Request quotes for one of the plan's vendors, on the plan's day",
      use: [requestLimit, customersOnly],
      params: idParams('id'),
      body: jsonBody(quoteRequestInputSchema),
      created: json(quoteRequestCreatedSchema, 'The request and a quote per vendor'),
      errors: writeErrors,
    }),
    async (c) => {
      const { db, clock } = c.var.services;
      const created = await requestFromPlan({
        db,
        actor: c.var.actor,
        planId: c.req.valid('param').id,
        input: c.req.valid('json'),
        now: clock.now(),
      });
      return c.json(created, 201);
    },
  );

/** An order's day schedule (/api/orders/{id}/schedule): its event's vendors, for its vendor or customer. */
export const orderScheduleRoutes = openApiRoutes().openapi(
  route.get('/{id}/schedule', {
    summary: "The day's schedule of an order's event: every vendor booked for it, by time",
    use: signedIn,
    params: idParams('id'),
    ok: json(z.object({ schedule: orderScheduleSchema.nullable() }), 'The schedule (null: no event plan)'),
    errors: [400, 401, 404, 503],
  }),
  async (c) =>
    c.json(
      {
        schedule: await orderSchedule({
          db: c.var.services.db,
          actor: c.var.actor,
          orderId: c.req.valid('param').id,
        }),
      },
      200,
    ),
);
