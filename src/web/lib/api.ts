import type { ApiErrorBody, ErrorCode } from '../../shared/errors.ts';
import { MESSAGES } from '../../shared/errors.ts';
import { answeringFirst } from './first-answers.ts';

/** An error answered by our API, with the server's code, message and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

type Fetch = (path: string, init: RequestInit) => Promise<Response>;

// The browser's fetch, answering first from what the server wrote into a signed-in page.
let send: Fetch = answeringFirst();

/**
 * Where api() sends its requests: the browser's fetch, or, when the server renders a page
 * (entry-server.tsx), the app itself in process.
 */
export function setApiFetch(fetchFn: Fetch) {
  send = fetchFn;
}

export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let res: Response;
  try {
    res = await send(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        Accept: 'application/json',
        ...(json !== undefined && { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(json !== undefined && { body: JSON.stringify(json) }),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Cannot reach Frosted. Check your connection and try again.');
  }
  const body: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    const err = (body as ApiErrorBody | null)?.error;
    throw new ApiError(res.status, err?.code ?? 'INTERNAL', err?.message ?? MESSAGES.internal, err?.fields);
  }
  return body as T;
}
