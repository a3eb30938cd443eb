import { createRoute, OpenAPIHono, type Hook, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { ERROR_CODES, MESSAGES } from '../../shared/errors.ts';
import { findForbiddenText } from '../../shared/text.ts';
import { AppError } from '../errors.ts';
import type { AppEnv } from './types.ts';
import { fieldErrors } from './validate.ts';

/** Every error the API answers: `{ error: { code, message, fields? } }` (src/server/http/errors.ts). */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      /** One message per invalid field, keyed by its path (`items.0.title`). */
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .openapi('ApiError');

type ValidationResult = Parameters<Hook<unknown, AppEnv, string, undefined>>[0];

/**
 * What a failed request validation throws: our error shape with one message per field, and text with
 * NUL or lone surrogates refused before any schema reads it (PostgreSQL cannot store it).
 */
export const validationHook = (result: ValidationResult): undefined => {
  // On failure `data` is the raw input; on success it is the parsed value (strings keep their NULs).
  const bad = findForbiddenText((result as { data?: unknown }).data);
  if (bad) throw AppError.validation({ [bad.join('.') || '_']: MESSAGES.badCharacters });
  if (!result.success) throw AppError.validation(fieldErrors(result.error));
};

/** A route module: a Hono app whose routes are declared with `routesOf` and validated by their schemas. */
export const openApiRoutes = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const ERROR_DESCRIPTIONS = {
  400: 'Invalid input; `fields` names each invalid field.',
  401: 'Not signed in.',
  403: 'Not allowed for this account, or the request did not come from Frosted.',
  404: 'Not found (or not yours: another user’s data looks exactly like missing data).',
  409: 'The resource is not in a state that allows this.',
  413: 'The body or file is too large.',
  415: 'The body is not JSON (or, for uploads, not multipart), or the file is not a supported image.',
  429: 'Too many requests, or the daily allowance is used up; see Retry-After.',
  503: 'The database (or the image provider) is briefly unavailable; see Retry-After.',
} as const;
type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

const errorContent = { 'application/json': { schema: apiErrorSchema } };
type ErrorResponses<S extends ErrorStatus> = {
  [K in S]: { description: string; content: typeof errorContent };
};

/** The error responses of an operation, all in the one error shape. */
export function errors<const S extends ErrorStatus>(...statuses: S[]): ErrorResponses<S> {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: ERROR_DESCRIPTIONS[status], content: errorContent }]),
  ) as unknown as ErrorResponses<S>;
}

/** A JSON response. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/**
 * A JSON request body. An optional body (every field optional) may be left out altogether; an absent
 * body then reads as `{}`, so the schema must accept `{}`.
 */
export const jsonBody = <T extends z.ZodType>(schema: T, { required = true } = {}) => {
  if (!required && !schema.safeParse({}).success) throw new Error('An optional JSON body must accept {}.');
  return { required, content: { 'application/json': { schema } } };
};

/** A string path parameter (ids are opaque, at most 100 characters). */
export const idParams = <const K extends string>(name: K) =>
  z.object({ [name]: z.string().min(1).max(100) } as Record<K, z.ZodString>);

/** A form field of a multipart upload, as a JSON Schema. */
interface FormField {
  type: 'string' | 'integer';
  description?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: readonly string[];
}

/**
 * A multipart form, documented by the JSON Schema of its fields only: the handler reads the form
 * itself (files are checked by their content, the other fields by the shared schema).
 */
export const multipartForm = <P extends Record<string, object>>(properties: P, required: string[]) => ({
  required: true,
  content: { 'multipart/form-data': { schema: { type: 'object' as const, properties, required } } },
});

/**
 * A multipart upload with its image in `file`. Documented only: the handler reads the form itself,
 * because the file is checked by its content (sharp) and the other fields by the shared schema, each
 * with its own message.
 */
export function multipartBody(
  fields: Record<string, FormField> = {},
  required: string[] = [],
  { fileRequired = true }: { fileRequired?: boolean } = {},
) {
  const file = { type: 'string', format: 'binary', description: 'A JPEG, PNG or WebP image.' } as const;
  return multipartForm({ file, ...fields }, fileRequired ? ['file', ...required] : required);
}

/**
 * The form of a `multipartBody` upload and its file: a 400 at `file` saying `missing` when the form
 * cannot be read or holds no file.
 */
export async function readUpload(c: Context, missing: string) {
  const form = await c.req.parseBody().catch(() => {
    throw AppError.validation({ file: missing });
  });
  const { file } = form;
  if (!(file instanceof File) || file.size === 0) throw AppError.validation({ file: missing });
  return { form, file };
}

type Middleware = MiddlewareHandler<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type ResponseConfig = RouteConfig['responses'][string];

/** The API document's name for the session cookie (apiDocument declares it). */
export const SESSION_SECURITY = 'session';
const NEEDS_SESSION = Symbol('frosted.needsSession');

/**
 * Marks a guard that answers 401 to a visitor: a route whose middleware includes it is documented as
 * needing the session cookie. Other routes are documented as open (some read a session when there is one).
 */
export function sessionGuard<M extends Middleware>(guard: M): M {
  return Object.assign(guard, { [NEEDS_SESSION]: true });
}
const needsSession = (use: readonly Middleware[]) => use.some((m) => NEEDS_SESSION in m);

/** What `routesOf` declares for each route of a module (unless a route says otherwise). */
interface RouteDefaults {
  tags: readonly string[];
  /**
   * Middleware before validation and the handler: a guard, or a list (limits first, the guard last);
   * `[]` for none.
   */
  use?: Middleware | readonly Middleware[];
}

/** One operation: its documentation, middleware, inputs and answers. */
export interface RouteSpec extends Partial<RouteDefaults> {
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  headers?: z.ZodType;
  body?: NonNullable<NonNullable<RouteConfig['request']>['body']>;
  /** The 200, 201 and 202 answers. */
  ok?: ResponseConfig;
  created?: ResponseConfig;
  accepted?: ResponseConfig;
  /** Any other answer, by status. */
  responses?: Record<number, ResponseConfig>;
  /** The error statuses, each answered in the one error shape (`errors`). */
  errors?: readonly ErrorStatus[];
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** No properties: what an absent part of a route adds to its type. */
type Empty = Record<never, never>;
type Flat<T> = { [K in keyof T]: T[K] } & Empty;
type RoutingPath<T extends string> = T extends `${infer Start}/{${infer Param}}${infer Rest}`
  ? `${Start}/:${Param}${RoutingPath<Rest>}`
  : T;
type RequestKey = 'params' | 'query' | 'headers' | 'body';
type Success<S, Key extends string, Status extends number> = S extends { [K in Key]: infer R }
  ? { [K in Status]: R }
  : Empty;
type Mutable<T> = T extends readonly unknown[] ? { -readonly [K in keyof T]: T[K] } : T;
type Used<S, D> = Mutable<S extends { use: infer U } ? U : D extends { use: infer U } ? U : undefined>;
type Described<S> = S extends { description: string } ? { description: string } : Empty;
type Guarded<S, D> = Used<S, D> extends undefined | [] ? Empty : { middleware: Used<S, D> };
type Inputs<S> = [Extract<keyof S, RequestKey>] extends [never]
  ? Empty
  : { request: Pick<S, Extract<keyof S, RequestKey>> };
type Answers<S> = Flat<
  Success<S, 'ok', 200> &
    Success<S, 'created', 201> &
    Success<S, 'accepted', 202> &
    (S extends { responses: infer R } ? R : Empty) &
    (S extends { errors: readonly (infer E extends ErrorStatus)[] } ? ErrorResponses<E> : Empty)
>;

/** What `createRoute` returns for the route that `spec` declares (so handlers keep their types). */
export type RouteOf<M extends Method, P extends string, S extends RouteSpec, D extends RouteDefaults> = Flat<
  { method: M; path: P; tags: string[]; summary: string } & Described<S> &
    Guarded<S, D> &
    Inputs<S> & { responses: Answers<S> }
> & { getRoutingPath(): RoutingPath<P> };

/**
 * The routes of a module, declared by method: `route.get('/{id}', { summary, params, ok, errors })` is
 * `createRoute` with the module's tags and middleware, its inputs under `request`, and `ok` (200),
 * `created` (201), `accepted` (202), `responses` and `errors` as its responses.
 */
export function routesOf<const D extends RouteDefaults>(defaults: D) {
  const declare =
    <M extends Method>(method: M) =>
    <const P extends string, const S extends RouteSpec>(path: P, spec: S): RouteOf<M, P, S, D> => {
      const { summary, description, tags = defaults.tags, use = defaults.use } = spec;
      const { ok, created, accepted, responses, errors: statuses = [] } = spec;
      const request = Object.fromEntries(
        (['params', 'query', 'headers', 'body'] as const).flatMap((k) => (spec[k] ? [[k, spec[k]]] : [])),
      );
      const middleware = [use ?? []].flat() as Middleware[];
      return createRoute({
        method,
        path,
        tags: [...tags],
        summary,
        ...(description !== undefined && { description }),
        security: needsSession(middleware) ? [{ [SESSION_SECURITY]: [] }] : [],
        ...(middleware.length > 0 && { middleware: use as Middleware[] }),
        ...(Object.keys(request).length > 0 && { request }),
        responses: {
          ...(ok && { 200: ok }),
          ...(created && { 201: created }),
          ...(accepted && { 202: accepted }),
          ...responses,
          ...errors(...statuses),
        },
      }) as unknown as RouteOf<M, P, S, D>;
    };
  return {
    get: declare('get'),
    post: declare('post'),
    put: declare('put'),
    patch: declare('patch'),
    delete: declare('delete'),
  };
}
