import { type PublicConfig, publicConfigSchema } from '../../../shared/schemas/platform.ts';
import { json, openApiRoutes, routesOf } from '../../http/openapi.ts';

const config = routesOf({ tags: ['platform'] }).get('/', {
  summary: "What the browser may know about this server's setup",
  ok: json(publicConfigSchema, 'The public configuration (never a secret)'),
  errors: [400],
});

export const publicConfigRoutes = openApiRoutes().openapi(config, (c) => {
  const { mailer, config, designs } = c.var.services;
  c.header('Cache-Control', 'public, max-age=300');
  const body: PublicConfig = {
    mail: mailer.mode,
    publicUrl: config.publicUrl,
    serviceFeeRate: config.serviceFeeRate,
    google: config.google !== undefined,
    googleRedirectUri: `${config.publicUrl}/api/auth/callback/google`,
    designer: {
      provider: designs.provider.name,
      ready: designs.provider.notReady === null,
      message: designs.provider.notReady,
    },
  };
  return c.json(body, 200);
});
