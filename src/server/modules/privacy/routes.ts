import type { Context } from 'hono';
import { DATA_EXPORTS_PER_HOUR } from '../../../shared/privacy.ts';
import {
  accountClosedSchema,
  ageConfirmedSchema,
  closeAccountSchema,
  confirmAgeSchema,
  dataExportSchema,
} from '../../../shared/schemas/privacy.ts';
import { type ActorEnv, currentSession, signedIn } from '../../http/auth-guard.ts';
import { json, jsonBody, openApiRoutes, routesOf, sessionGuard } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { AppError } from '../../errors.ts';
import { passwordHasher } from '../auth/index.ts';
import { getOwnTaxInformation } from '../reporting/index.ts';
import { confirmAge } from './age.ts';
import { closeOwnAccount } from './close.ts';
import { collectUserData } from './export.ts';

const exportLimit = rateLimit({
  name: 'privacy-export',
  max: () => DATA_EXPORTS_PER_HOUR,
  windowSeconds: 60 * 60,
  per: 'user',
});
const closeLimit = rateLimit({ name: 'privacy-close', max: () => 10, windowSeconds: 60 * 60, per: 'user' });
const route = routesOf({ tags: ['privacy'], use: signedIn });

/** JSON has no bigint (notification ids): written as strings. */
const jsonValue = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/** Signed in, whether or not the age is confirmed yet: only the age confirmation itself takes this. */
const signedInBeforeAgeConfirmed = sessionGuard(async (c: Context<ActorEnv>, next: () => Promise<void>) => {
  const session = await currentSession(c);
  if (!session) throw AppError.unauthenticated();
  c.set('actor', session.actor);
  await next();
});

/** The signed-in user's privacy rights (/api/me/privacy): their data, their age, closing the account. */
export const privacyRoutes = openApiRoutes()
  .openapi(
    route.get('/export', {
      summary: 'Download everything Frosted holds about me (JSON attachment)',
      use: [signedIn, exportLimit],
      ok: json(dataExportSchema, 'The data, as a file to save (Content-Disposition: attachment)'),
      errors: [401, 403, 429, 503],
    }),
    async (c) => {
      const { actor, services } = c.var;
      const now = services.clock.now();
      const data = {
        ...(await collectUserData(services.db, actor.id, now)),
        // A vendor's tax information as the vendor sees it (identifiers masked: decision 030).
        taxInformation: actor.vendorId
          ? await getOwnTaxInformation({ db: services.db, keys: services.config.sellerReport.keys, actor })
          : null,
      };
      const day = now.toISOString().slice(0, 10);
      c.header('Content-Disposition', `attachment; filename="frosted-data-${day}.json"`);
      c.header('Cache-Control', 'no-store');
      // Dates as ISO strings, bigints as strings: the document as the file will hold it.
      return c.json(dataExportSchema.parse(JSON.parse(JSON.stringify(data, jsonValue))), 200);
    },
  )
  .openapi(
    route.post('/age', {
      summary: 'Confirm I am 18 or older (after a first sign-in with Google)',
      use: signedInBeforeAgeConfirmed,
      body: jsonBody(confirmAgeSchema),
      ok: json(ageConfirmedSchema, 'When the age was confirmed'),
      errors: [400, 401, 403, 503],
    }),
    async (c) => {
      const { actor, services } = c.var;
      const at = await confirmAge({ db: services.db, actor, now: services.clock.now() });
      return c.json({ ageConfirmedAt: at.toISOString() }, 200);
    },
  )
  .openapi(
    route.post('/close', {
      summary: 'Close my account (password, or the confirmation word for an account without one)',
      use: [closeLimit, signedIn],
      body: jsonBody(closeAccountSchema),
      ok: json(accountClosedSchema, 'The account is closed and signed out everywhere'),
      errors: [400, 401, 403, 409, 429, 503],
    }),
    async (c) => {
      const { actor, services } = c.var;
      const { password, confirmation } = c.req.valid('json');
      const closed = await closeOwnAccount({
        db: services.db,
        actor,
        hasher: passwordHasher(services.config.passwordHashing),
        password,
        confirmation,
        now: services.clock.now(),
      });
      // Closed meanwhile by another request: this one's session is gone too.
      if (!closed) throw AppError.unauthenticated();
      return c.json({ closed: true as const }, 200);
    },
  );
