import { betterAuth } from 'better-auth';
import { admin, genericOAuth } from 'better-auth/plugins';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { CLIENT_IP_HEADER } from '../../http/client-ip.ts';
import { safeError } from '../../http/log-safe-error.ts';
import { allowedOrigins } from '../../http/origins.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../mail/index.ts';
import { existingAccount, resetPassword, verifyEmail } from '../mail/index.ts';
import { endStreams } from '../notifications/index.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/index.ts';
import { POLICIES, SUPPORT_EMAIL } from '../../../shared/policies.ts';
import { passwordHasher } from './passwords.ts';
import { ageConfirmedIn } from './age-confirmation.ts';
import { recordActivity } from '../../http/activity.ts';
import { validateProfileFields } from './profile-fields.ts';
import { clearSignInLockout, MAX_PASSWORD_LENGTH, signInLockout } from './sign-in-lockout.ts';
import { claimVerificationEmail, releaseVerificationEmail } from './verification-throttle.ts';

const AUTH_LIMITED_PATHS = [
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/reset-password',
  '/send-verification-email',
];

/** Every new account's role; the first admin comes from configuration or the CLI, never sign-up. */
const DEFAULT_ROLE = 'user';

export function createAuth(
  db: Db,
  config: Pick<
    Config,
    'authSecret' | 'publicUrl' | 'env' | 'authRateLimitMax' | 'google' | 'passwordHashing'
  >,
  log: Logger,
  mailer: Mailer,
  clock: Clock,
) {
  const authLimit = { window: 60, max: config.authRateLimitMax };
  // The change is made either way: streams the signal misses end at their next heartbeat.
  const endStreamsOf = (target: { userId: string; sessionId?: string }) =>
    endStreams(db, target).catch((err: unknown) =>
      log.warn({ err: safeError(err), userId: target.userId }, 'could not end event streams at once'),
    );
  return betterAuth({
    appName: 'Frosted',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // In development 127.0.0.1 and localhost are the same app: either may sign in (see allowedOrigins).
    trustedOrigins: allowedOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: POLICIES.passwordMinLength,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: passwordHasher(config.passwordHashing),
      // Sign-up leads to the sign-in tab (spec); signing in needs a verified e-mail.
      autoSignIn: false,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      // Whoever can reset the password owns the address: a lockout from someone else's guesses ends.
      onPasswordReset: async ({ user }) => {
        await clearSignInLockout({ db, email: user.email });
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      // The sign-up answer never reveals an existing account; its owner is told by e-mail instead.
      // Better Auth hashes the password for it too, and this e-mail is awaited like the new account's.
      onExistingUserSignUp: async ({ user }) => {
        const url = `${config.publicUrl}/forgot-password`;
        await mailer.send({
          to: user.email,
          kind: 'existing-account',
          ...existingAccount({ name: firstName(user), url }),
        });
      },
      // The answer for an existing e-mail carries a user that was never stored: it has every field a new
      // account's answer has, with the same values (Better Auth leaves the admin plugin's fields null).
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: DEFAULT_ROLE,
        banned: false,
        banReason: null,
        banExpires: null,
        ...additionalFields,
        // What the sign-up hook below stores for a new account (the box was ticked: it was validated).
        ageConfirmedAt: clock.now(),
        lastActiveAt: clock.now(),
        id,
      }),
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          kind: 'reset-password',
          ...resetPassword({ name: firstName(user), url }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      // Each unverified sign-in attempt asks for a new link; an address gets at most one per interval.
      sendVerificationEmail: async ({ user, url }) => {
        const claimedAt = Date.now();
        if (!(await claimVerificationEmail({ db, email: user.email, now: claimedAt }))) {
          log.info({ userId: user.id }, 'verification e-mail not sent: one was sent a few minutes ago');
          return;
        }
        const link = withDefaultCallback(url, '/auth?verified=1');
        try {
          await mailer.send({
            to: user.email,
            kind: 'verify-email',
            ...verifyEmail({ name: firstName(user), url: link }),
          });
        } catch (err) {
          await releaseVerificationEmail({ db, email: user.email, claimedAt });
          throw err;
        }
      },
    },
    rateLimit: {
      // Every mode, not only production; counted in PostgreSQL so several processes share it.
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        ...Object.fromEntries(AUTH_LIMITED_PATHS.map((p) => [p, authLimit])),
        // Reading one's own session guesses nothing (its token is signed) and every open tab does it:
        // counted with the rest, a few tabs on one address made signed-in people look signed out.
        '/get-session': false,
      },
    },
    // Names and phone numbers follow the shared schemas on sign-up and on profile updates.
    hooks: { before: validateProfileFields },
    // Event streams end with their session, on every process and at once: every way a session ends
    // (sign-out, revocation, "sign out everywhere", a password change or reset, a ban) deletes its row.
    databaseHooks: {
      session: {
        delete: { after: (session) => endStreamsOf({ userId: session.userId, sessionId: session.id }) },
        // A sign-in is activity (privacy: accounts inactive for 2 years are closed).
        create: { after: (session) => recordActivity(db, session.userId, clock.now()) },
      },
      user: {
        // The sign-up form's age box (checked by validateProfileFields) is stored as the time it was
        // ticked; an account from Google has none yet and confirms before using the app (decision 028).
        create: {
          before: (user, ctx) =>
            Promise.resolve({
              data: {
                ...user,
                ageConfirmedAt: ageConfirmedIn(ctx?.path, ctx?.body) ? clock.now() : null,
                lastActiveAt: clock.now(),
              },
            }),
        },
        update: {
          after: (user) => (user?.banned === true ? endStreamsOf({ userId: user.id }) : Promise.resolve()),
        },
      },
    },
    user: {
      additionalFields: {
        userType: { type: 'string', required: false, defaultValue: 'customer', input: false },
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
        phone: { type: 'string', required: false, input: true },
        ageConfirmedAt: { type: 'date', required: false, input: false },
        lastActiveAt: { type: 'date', required: false, input: false },
      },
    },
    // Roles, bans and session revocation; the first admin comes from configuration or the CLI, never sign-up.
    plugins: [
      admin({
        adminRoles: ['admin'],
        defaultRole: DEFAULT_ROLE,
        bannedUserMessage: `This account has been suspended. Contact ${SUPPORT_EMAIL}.`,
      }),
      ...(config.google ? [googleSignIn(config.google)] : []),
      // Wrong passwords per account, whatever address they come from (the limit above is per address).
      signInLockout({ db, clock }),
    ],
    // A Google identity never takes over an existing e-mail account: its owner must sign in with the password.
    account: { accountLinking: { enabled: false } },
    session: { cookieCache: { enabled: false } },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // Better Auth skips its origin check whenever it detects a test runner; our configuration decides
      // instead, so an app configured for development or production checks origins even under test.
      ...(config.env !== 'test' && { disableOriginCheck: false }),
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

const firstName = (user: { name: string; firstName?: string | null }) =>
  user.firstName || user.name.split(' ')[0] || 'there';

/** Verification links sent without a destination (e.g. on sign-in) return to the sign-in page. */
function withDefaultCallback(url: string, fallback: string): string {
  const u = new URL(url);
  const current = u.searchParams.get('callbackURL');
  if (!current || current === '/') u.searchParams.set('callbackURL', fallback);
  return u.toString();
}

/**
 * Google through OpenID Connect discovery, so the same code runs against Google and against any
 * standard provider (the tests use one on loopback). New Google users are customers.
 */
function googleSignIn(google: NonNullable<Config['google']>) {
  return genericOAuth({
    config: [
      {
        providerId: 'google',
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        discoveryUrl: google.discoveryUrl,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
        requireEmailVerification: true,
        mapProfileToUser: (profile) => ({
          firstName: typeof profile.given_name === 'string' ? profile.given_name : undefined,
          lastName: typeof profile.family_name === 'string' ? profile.family_name : undefined,
        }),
      },
    ],
  });
}
