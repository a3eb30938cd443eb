import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/index.ts';
import { POLICIES } from '../../../shared/policies.ts';

export function createAuth(db: Db, config: Pick<Config, 'authSecret' | 'publicUrl' | 'env'>, log: Logger) {
  return betterAuth({
    appName: 'Frosted',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: POLICIES.passwordMinLength,
      maxPasswordLength: 128,
      // Sign-up leads to the sign-in tab (spec); sign-in is a separate, deliberate step.
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Until e-mail delivery exists (accounts issue), the single-use link is written to the server log.
      sendResetPassword: async ({ user, url }) => {
        log.info({ to: user.email, url }, 'password reset link');
      },
    },
    user: {
      additionalFields: {
        userType: { type: 'string', required: false, defaultValue: 'customer', input: false },
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
        phone: { type: 'string', required: false, input: true },
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
      },
    },
    session: { cookieCache: { enabled: false } },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        log[level]({ args: args.length ? args : undefined }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
