import type { Context } from 'hono';

/**
 * The most of a request body the server reads and discards after refusing it, and for how long. A
 * refusal answered while the client is still sending, on a connection then closed, reaches the client
 * as a reset instead of the answer (the unread bytes make the kernel reset the connection, and a
 * reset discards what the client had not yet read). Past these bounds the client is abusing us: the
 * answer asks to close the connection and is not waited for.
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
export const DRAIN_MAX_MS = 10_000;

export interface HeldBody {
  /**
   * Reads and discards what nobody read of the body, within the bounds. True when the whole body was
   * read, so the connection can serve the next request; false when the bounds ran out first.
   */
  drain(): Promise<boolean>;
}

/**
 * Passes the request body on (as `c.req.raw`) through a stream this keeps a reader on, so what the
 * handlers leave unread (a body refused for its size, type or origin, or by a route that never
 * reads it) can be drained before the answer goes out. Undefined when there is no body.
 */
export function holdBody(c: Context): HeldBody | undefined {
  const source = c.req.raw.body;
  if (!source) return undefined;
  const reader = source.getReader();
  let ended = false;
  let received = 0;
  const read = async () => {
    const chunk = await reader.read();
    if (chunk.done) ended = true;
    else received += chunk.value.byteLength;
    return chunk;
  };
  const passed = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await read();
        if (chunk.done) controller.close();
        else controller.enqueue(chunk.value);
      },
      // A reader that gives up leaves the rest to drain(): cancelling the source would end the socket.
      cancel() {},
    },
    // Read from the source only when someone reads: a body nobody reads is drained, never buffered.
    { highWaterMark: 0 },
  );
  c.req.raw = new Request(c.req.raw, { body: passed, duplex: 'half' } as RequestInit);

  return {
    async drain() {
      if (ended) return true;
      if (Number(c.req.header('content-length') ?? 0) > DRAIN_MAX_BYTES) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), DRAIN_MAX_MS);
      });
      try {
        while (!ended) {
          if ((await Promise.race([read(), timeout])) === 'timeout') return false;
          if (received > DRAIN_MAX_BYTES) return false;
        }
        return true;
      } catch {
        // The client went away: there is no one to answer.
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
