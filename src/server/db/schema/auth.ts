import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { id, isDemo, ref, timestamps, timestamptz, updatedAt } from './columns.ts';

/** Better Auth's tables. Property names are Better Auth's field names; columns are snake_case. */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    userType: text('user_type').notNull().default('customer'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    location: text('location'),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamptz('ban_expires'),
    isDemo: isDemo(),
    /**
     * When the person confirmed they are 18 or older (sign-up, or the gate after a first Google sign-in).
     * Better Auth always writes it (null for Google); other writers (seed, bootstrap) get the default.
     */
    ageConfirmedAt: timestamptz('age_confirmed_at').defaultNow(),
    /** Last sign-in or use of a session, written at most about once a day (privacy: inactive accounts). */
    lastActiveAt: timestamptz('last_active_at'),
    /** When the "sign in to keep your account" notice went out for the current stretch of inactivity. */
    inactivityNoticeAt: timestamptz('inactivity_notice_at'),
    /** When the account was closed (by its owner, or after 2 years inactive); its personal data is gone. */
    closedAt: timestamptz('closed_at'),
    ...timestamps(),
  },
  (t) => [
    check('users_user_type_check', sql`${t.userType} IN ('customer', 'vendor')`),
    index('users_created_at_idx').on(t.createdAt),
    index('users_last_active_idx')
      .on(t.lastActiveAt)
      .where(sql`${t.closedAt} IS NULL`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    expiresAt: timestamptz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ...timestamps(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...timestamps(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    ...timestamps(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Failed password sign-ins per e-mail address (kept as a digest, whether or not an account has it):
 * after a few, the address is locked for a time that doubles with each lockout in a row. A successful
 * sign-in or a password reset clears the row (modules/auth/sign-in-lockout.ts).
 */
export const signInLockouts = pgTable(
  'sign_in_lockouts',
  {
    key: text('key').primaryKey(),
    /** Attempts counted since the last success: failed, or still being checked. */
    failures: integer('failures').notNull().default(0),
    /** Lockouts in a row: the next lasts twice as long as the last, up to the cap. */
    lockouts: integer('lockouts').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('sign_in_lockouts_counts_check', sql`${t.failures} >= 0 AND ${t.lockouts} >= 0`),
    // Housekeeping's daily prune of the counts nobody has added to for a day.
    index('sign_in_lockouts_updated_idx').on(t.updatedAt),
  ],
);
