import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    DATA_DIR: z.string().default('./data'),
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_ON_FIRST_RUN: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    SERVICE_FEE_RATE: z.coerce.number().min(0).max(0.5).default(0.08),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().default('Frosted <no-reply@frosted.ca>'),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(10_000).default(10),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
    ADMIN_EMAIL: optionalString.pipe(z.email('must be a valid e-mail address').optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(12, 'must be at least 12 characters').optional()),
  })
  .refine((e) => !e.ADMIN_EMAIL === !e.ADMIN_PASSWORD, {
    path: ['ADMIN_PASSWORD'],
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
  })
  .refine((e) => !e.GOOGLE_CLIENT_ID === !e.GOOGLE_CLIENT_SECRET, {
    path: ['GOOGLE_CLIENT_SECRET'],
    message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** PGlite directory, or undefined for an in-memory database (tests). */
  pgliteDir: string | undefined;
  publicUrl: string;
  authSecret: string;
  logLevel: Env['LOG_LEVEL'];
  seedOnFirstRun: boolean;
  serviceFeeRate: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** Requests per minute and client address to sign-in, sign-up and password-reset endpoints. */
  authRateLimitMax: number;
  /** Bootstrap administrator, created or promoted at start-up. */
  admin: { email: string; password: string } | undefined;
  /** Google sign-in (OpenID Connect); the discovery URL is Google's unless overridden (tests, proxies). */
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  /** Directory of the built web app; undefined when the API runs alone (dev, API tests). */
  webDist: string | undefined;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    pgliteDir: path.join(dataDir, 'db'),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    authSecret: env.AUTH_SECRET ?? persistentSecret(dataDir),
    logLevel: env.LOG_LEVEL,
    seedOnFirstRun: env.SEED_ON_FIRST_RUN,
    serviceFeeRate: env.SERVICE_FEE_RATE,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    trustProxy: env.TRUST_PROXY,
    authRateLimitMax: env.AUTH_RATE_LIMIT_MAX,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            discoveryUrl: env.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    webDist: path.resolve('dist/web'),
  };
}

/** A secret generated once and kept in the data directory, so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
