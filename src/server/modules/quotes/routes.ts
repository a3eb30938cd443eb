import {
  quoteAcceptSchema,
  quoteAcceptedSchema,
  quoteAnswerSchema,
  quoteChangeSchema,
  quoteDeclineSchema,
  quoteRequestCreatedSchema,
  quoteRequestInputSchema,
  quoteRequestListSchema,
  quoteRequestViewSchema,
  quoteViewSchema,
  vendorQuoteInboxSchema,
} from '../../../shared/schemas/quotes.ts';
import { customersOnly, vendorsOnly } from '../../http/auth-guard.ts';
import { idParams, json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { getCustomerRequest, listCustomerRequests, listVendorInbox } from './read.ts';
import { acceptQuote } from './accept.ts';
import { answerQuote, askForChange, declineQuote } from './answer.ts';
import { createQuoteRequest } from './request.ts';

const route = routesOf({ tags: ['quotes'] });
const requestLimit = rateLimit({ name: 'quote-requests', max: () => 20, windowSeconds: 3600 });
const changeLimit = rateLimit({ name: 'quote-changes', max: () => 60, windowSeconds: 60 });
const writeErrors = [400, 401, 403, 404, 409, 413, 415, 429, 503] as const;

/** A customer's quote requests (/api/quote-requests). */
export const quoteRequestRoutes = openApiRoutes()
  .openapi(
    route.post('/', {
      summary: 'Request quotes for a cake from one to five vendors',
      use: [requestLimit, customersOnly],
      body: jsonBody(quoteRequestInputSchema),
      created: json(quoteRequestCreatedSchema, 'The request and a quote per vendor'),
      errors: writeErrors,
    }),
    async (c) => {
      const input = c.req.valid('json');
      const { db, clock } = c.var.services;
      const created = await createQuoteRequest({ db, actor: c.var.actor, input, now: clock.now() });
      return c.json(created, 201);
    },
  )
  .openapi(
    route.get('/', {
      summary: 'Your quote requests, newest first, with every quote',
      use: customersOnly,
      ok: json(quoteRequestListSchema, 'Your requests'),
      errors: [400, 401, 403, 503],
    }),
    async (c) => {
      const { db, clock } = c.var.services;
      return c.json(
        { requests: await listCustomerRequests({ db, actor: c.var.actor, now: clock.now() }) },
        200,
      );
    },
  )
  .openapi(
    route.get('/{id}', {
      summary: 'One of your quote requests, its quotes side by side',
      use: customersOnly,
      params: idParams('id'),
      ok: json(quoteRequestViewSchema, 'The request'),
      errors: [400, 401, 403, 404, 503],
    }),
    async (c) =>
      c.json(
        await getCustomerRequest({
          db: c.var.services.db,
          actor: c.var.actor,
          requestId: c.req.valid('param').id,
          now: c.var.services.clock.now(),
        }),
        200,
      ),
  );

/** One quote: the vendor answers or declines, the customer asks for a change or accepts (/api/quotes). */
export const quoteRoutes = openApiRoutes()
  .openapi(
    route.get('/inbox', {
      summary: 'Your shop’s quote inbox, newest first',
      use: vendorsOnly,
      ok: json(vendorQuoteInboxSchema, 'Quotes for your shop'),
      errors: [400, 401, 403, 503],
    }),
    async (c) =>
      c.json({ quotes: await listVendorInbox({ db: c.var.services.db, actor: c.var.actor }) }, 200),
  )
  .openapi(
    route.post('/{id}/answer', {
      summary: 'Answer a request with a price, or revise your quote',
      use: [changeLimit, vendorsOnly],
      params: idParams('id'),
      body: jsonBody(quoteAnswerSchema),
      ok: json(quoteViewSchema.pick({ id: true, status: true, revision: true }), 'The quote'),
      errors: writeErrors,
    }),
    async (c) => {
      const { db, clock } = c.var.services;
      const q = await answerQuote({
        db,
        actor: c.var.actor,
        quoteId: c.req.valid('param').id,
        input: c.req.valid('json'),
        now: clock.now(),
      });
      return c.json({ id: q.id, status: 'quoted' as const, revision: q.revision }, 200);
    },
  )
  .openapi(
    route.post('/{id}/decline', {
      summary: 'Decline a request, with a reason',
      use: [changeLimit, vendorsOnly],
      params: idParams('id'),
      body: jsonBody(quoteDeclineSchema),
      ok: json(quoteViewSchema.pick({ id: true, status: true }), 'The quote'),
      errors: writeErrors,
    }),
    async (c) => {
      const { db, clock } = c.var.services;
      const { reason } = c.req.valid('json');
      const q = await declineQuote({
        db,
        actor: c.var.actor,
        quoteId: c.req.valid('param').id,
        reason,
        now: clock.now(),
      });
      return c.json({ id: q.id, status: 'declined' as const }, 200);
    },
  )
  .openapi(
    route.post('/{id}/change-request', {
      summary: 'Ask the vendor for a change (and a target price)',
      use: [changeLimit, customersOnly],
      params: idParams('id'),
      body: jsonBody(quoteChangeSchema),
      ok: json(quoteViewSchema.pick({ id: true, status: true }), 'The quote'),
      errors: writeErrors,
    }),
    async (c) => {
      const { db, clock } = c.var.services;
      const { message, targetPriceCents } = c.req.valid('json');
      const q = await askForChange({
        db,
        actor: c.var.actor,
        quoteId: c.req.valid('param').id,
        message,
        targetPriceCents,
        now: clock.now(),
      });
      return c.json({ id: q.id, status: 'change_requested' as const }, 200);
    },
  )
  .openapi(
    route.post('/{id}/accept', {
      summary: 'Accept a quote: the order is created and the other quotes close',
      description:
        'Send the `revision` of the quote you read: if the vendor revised it since, the answer is 409 and nothing is accepted. The vendor’s lead time and orders per day are checked again for the event date.',
      use: [changeLimit, customersOnly],
      params: idParams('id'),
      body: jsonBody(quoteAcceptSchema),
      created: json(quoteAcceptedSchema, 'The order, waiting for payment'),
      errors: writeErrors,
    }),
    async (c) => {
      const { db, clock, config } = c.var.services;
      const quoteId = c.req.valid('param').id;
      const accepted = await acceptQuote({
        db,
        actor: c.var.actor,
        quoteId,
        revision: c.req.valid('json').revision,
        now: clock.now(),
        serviceFeeRate: config.serviceFeeRate,
        feeTax: config.feeTax,
      });
      return c.json({ orderId: accepted.orderId, orderNumber: accepted.orderNumber }, 201);
    },
  );
