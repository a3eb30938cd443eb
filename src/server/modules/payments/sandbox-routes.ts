import {
  checkoutSchema,
  groupCheckoutSchema,
  sandboxAuthenticationSchema,
  sandboxCardSchema,
} from '../../../shared/schemas/payments.ts';
import { customersOnly } from '../../http/auth-guard.ts';
import { idParams, json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { parseOrThrow } from '../../http/validate.ts';
import { cardLimit } from './limits.ts';
import { authenticateSandboxGroup, confirmSandboxGroup } from './group-sandbox.ts';
import { authenticateSandboxPayment, confirmSandboxPayment } from './sandbox-checkout.ts';

const route = routesOf({ tags: ['payments'], use: [cardLimit, customersOnly] });
const cardErrors = [400, 401, 403, 404, 409, 413, 415, 429, 503] as const;

// The card is validated here with the shared schema (its expiry against the server's clock).
const sandboxConfirmation = route.post('/{id}/sandbox-confirmation', {
  summary:
    'Sandbox only (404 under Stripe): pay with a test card (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks for confirmation)',
  params: idParams('id'),
  body: jsonBody(sandboxCardSchema()),
  ok: json(
    checkoutSchema,
    'The payment after the attempt (succeeded, failed with a message, or waiting for confirmation)',
  ),
  errors: cardErrors,
});

const sandboxAuthentication = route.post('/{id}/sandbox-authentication', {
  summary: 'Sandbox only (404 under Stripe): the extra confirmation step (3-D Secure), approved or not',
  params: idParams('id'),
  body: jsonBody(sandboxAuthenticationSchema),
  ok: json(checkoutSchema, 'The payment after the confirmation'),
  errors: cardErrors,
});

const groupConfirmation = route.post('/groups/{id}/sandbox-confirmation', {
  summary: 'Sandbox only (404 under Stripe): pay a checkout of several orders with a test card',
  params: idParams('id'),
  body: jsonBody(sandboxCardSchema()),
  ok: json(groupCheckoutSchema, 'The checkout after the attempt'),
  errors: cardErrors,
});

const groupAuthentication = route.post('/groups/{id}/sandbox-authentication', {
  summary: 'Sandbox only (404 under Stripe): a checkout’s extra confirmation step, approved or not',
  params: idParams('id'),
  body: jsonBody(sandboxAuthenticationSchema),
  ok: json(groupCheckoutSchema, 'The checkout after the confirmation'),
  errors: cardErrors,
});

/**
 * The sandbox's own card form (PAYMENTS_PROVIDER=sandbox): mounted only with the sandbox, which
 * production refuses unless a demo deployment opts in (ALLOW_TEST_PAYMENTS_IN_PRODUCTION).
 */
export const sandboxPaymentRoutes = openApiRoutes()
  .openapi(sandboxConfirmation, async (c) => {
    const { db, payments, clock, log } = c.var.services;
    const card = parseOrThrow(
      sandboxCardSchema(() => clock.now()),
      c.req.valid('json'),
    );
    const result = await confirmSandboxPayment({
      db,
      processor: payments,
      actor: c.var.actor,
      paymentId: c.req.valid('param').id,
      cardNumber: card.number,
      now: clock.now(),
      log,
    });
    return c.json(result, 200);
  })
  .openapi(sandboxAuthentication, async (c) => {
    const { db, payments, clock, log } = c.var.services;
    const result = await authenticateSandboxPayment({
      db,
      processor: payments,
      actor: c.var.actor,
      paymentId: c.req.valid('param').id,
      approve: c.req.valid('json').approve,
      now: clock.now(),
      log,
    });
    return c.json(result, 200);
  })
  .openapi(groupConfirmation, async (c) => {
    const { db, payments, clock, log } = c.var.services;
    const card = parseOrThrow(
      sandboxCardSchema(() => clock.now()),
      c.req.valid('json'),
    );
    const result = await confirmSandboxGroup({
      db,
      processor: payments,
      actor: c.var.actor,
      groupId: c.req.valid('param').id,
      cardNumber: card.number,
      now: clock.now(),
      log,
    });
    return c.json(result, 200);
  })
  .openapi(groupAuthentication, async (c) => {
    const { db, payments, clock, log } = c.var.services;
    const result = await authenticateSandboxGroup({
      db,
      processor: payments,
      actor: c.var.actor,
      groupId: c.req.valid('param').id,
      approve: c.req.valid('json').approve,
      now: clock.now(),
      log,
    });
    return c.json(result, 200);
  });
