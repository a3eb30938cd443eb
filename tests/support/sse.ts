/** One server-sent event as a client parses it; a comment line (`: heartbeat`) comes as `comment`. */
export interface SseEvent {
  event?: string;
  id?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

/** How long a test waits for the next event before failing (a bound, never a sleep). */
const WAIT_MS = 10_000;

/**
 * Reads an event stream (a Response from app.request or fetch) event by event. Every read is bounded:
 * a missing event fails the test after `ms` instead of hanging it.
 */
export function readSse(res: Response) {
  if (!res.body) throw new Error('the response has no body');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  /** Every event read so far, in order. */
  const seen: SseEvent[] = [];

  const parse = (block: string): SseEvent => {
    const e: SseEvent = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        e.comment = line.slice(1).trim();
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') e.event = value;
      else if (field === 'id') e.id = value;
      else if (field === 'retry') e.retry = Number(value);
      else if (field === 'data') e.data = e.data === undefined ? value : `${e.data}\n${value}`;
    }
    return e;
  };

  /** The next event, or null once the stream has ended. */
  async function next(ms = WAIT_MS): Promise<SseEvent | null> {
    const deadline = performance.now() + ms;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = parse(block);
        seen.push(event);
        return event;
      }
      if (ended) return null;
      const left = deadline - performance.now();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no event within ${ms} ms; buffered: ${JSON.stringify(buffer)}`)),
          Math.max(0, left),
        );
      });
      try {
        const { done, value } = await Promise.race([reader.read(), timeout]);
        if (done) ended = true;
        else buffer += decoder.decode(value, { stream: true }).replaceAll('\r\n', '\n');
      } finally {
        clearTimeout(timer);
      }
    }
  }

  /** Reads until an event matches (returned), failing if the stream ends or the bound passes first. */
  async function until(match: (e: SseEvent) => boolean, ms = WAIT_MS): Promise<SseEvent> {
    const deadline = performance.now() + ms;
    for (;;) {
      const e = await next(Math.max(1, deadline - performance.now()));
      if (!e) throw new Error('the stream ended before the expected event');
      if (match(e)) return e;
    }
  }

  /** Resolves once the stream has ended (the server closed it), failing after the bound. */
  async function ended_(ms = WAIT_MS): Promise<void> {
    const deadline = performance.now() + ms;
    while ((await next(Math.max(1, deadline - performance.now()))) !== null) {
      // drain what is left
    }
  }

  return {
    next,
    until,
    ended: ended_,
    seen,
    /** The notifications among the events read so far. */
    notifications: () =>
      seen
        .filter((e) => e.event === 'notification')
        .map(
          (e) =>
            JSON.parse(e.data!) as { id: string; type: string; title: string; refs: Record<string, string> },
        ),
    cancel: () => reader.cancel().catch(() => {}),
  };
}

export type SseReader = ReturnType<typeof readSse>;
