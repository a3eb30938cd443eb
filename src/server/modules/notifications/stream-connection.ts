import type { Notification, UnreadCounts } from '../../../shared/schemas/notifications.ts';

/** What a reconnecting stream is sent at most: the newest it missed (the list has the rest). */
export const STREAM_BACKLOG_LIMIT = 200;
/**
 * Chunks a client may leave unread before its stream is ended (it reconnects and catches up): a chunk
 * is what one round of signals brought the stream, most often one notification and the new counts.
 */
const MAX_QUEUED_CHUNKS = 500;
/** The body's room, in chunks: one, so that a stream not read piles up here, where it is counted. */
const HIGH_WATER_MARK = 1;
/** Bytes a client may leave unread on a stream written directly (below) before it is ended. */
const MAX_BUFFERED_BYTES = 1_048_576;
/** Ids each stream remembers having sent (more than a replay holds). */
const REMEMBERED_IDS = STREAM_BACKLOG_LIMIT + 100;
/** The reconnection delay the stream asks of EventSource (`retry:`). */
const RETRY_MS = 1_000;

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': heartbeat\n\n');

/** A notification as the stream writes it; its id is what the client reconnects with. */
export const notificationEvent = (n: Notification) =>
  `id: ${n.id}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`;
const unreadEvent = (counts: string, id?: bigint) =>
  `event: unread\n${id === undefined ? '' : `id: ${id}\n`}data: ${counts}\n\n`;

/**
 * The Node response a stream goes out on, when the server is Node's (@hono/node-server hands it to
 * the app as `c.env.outgoing`).
 */
export interface NodeOutput {
  readonly headersSent: boolean;
  readonly destroyed: boolean;
  /** Bytes written and not yet taken by the socket. */
  readonly writableLength: number;
  write(chunk: Uint8Array): boolean;
}

/**
 * One event stream (GET /api/me/events) of one session: what it was sent, and its end. The hub
 * (streams.ts) decides what goes to which stream; `gone` tells it a stream ended (closed or cancelled).
 *
 * The stream is the response's body. Given the Node response it goes out on, once the server has sent
 * the headers and whatever the body held, the stream writes to that response itself: a chunk then
 * skips the web stream in between, a promise and two calls per chunk, about a tenth of a fan-out's
 * work on 2,000 streams. The body stays open until the stream ends, and its end ends the response.
 */
export class StreamConnection {
  readonly stream: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  /**
   * Ids sent lately (the replay, then live ones), so none goes twice: a signal for a commit the replay
   * already saw, or ids handed again to every stream of the user after one of them opened.
   */
  private readonly sent = new Set<string>();
  /** Signals that came while it was opening (ids, or a counts change: 'counts'), handled once it is open. */
  early: (bigint | 'counts')[] | null = [];
  /** The counts last sent, so `unread` goes out only when they change. */
  private counts = '';
  /** Writing to `out` itself: from then on, always (what the body held went out before). */
  private direct = false;
  closed = false;

  constructor(
    readonly userId: string,
    readonly sessionId: string,
    private readonly gone: (conn: StreamConnection) => void,
    private readonly out?: NodeOutput,
  ) {
    this.stream = new ReadableStream<Uint8Array>(
      {
        start: (c) => void (this.controller = c),
        cancel: () => gone(this),
      },
      { highWaterMark: HIGH_WATER_MARK },
    );
  }

  /**
   * The start of the stream: the reconnection delay, what the client missed, and the unread counts. A
   * client that has seen nothing yet gets `baseline` as an id to come back with, so a reconnection replays.
   */
  replay(missed: Notification[], counts: UnreadCounts, baseline: bigint | undefined) {
    if (this.closed) return;
    this.controller.enqueue(encoder.encode(`retry: ${RETRY_MS}\n\n`));
    for (const n of missed) {
      this.remember(n.id);
      this.controller.enqueue(encoder.encode(notificationEvent(n)));
    }
    this.counts = JSON.stringify(counts);
    this.controller.enqueue(encoder.encode(unreadEvent(this.counts, baseline)));
  }

  /**
   * Sends those of these notifications (id, event text) it has not sent yet, and the counts (JSON) if
   * they changed: in one chunk, so a fan-out costs each stream one write.
   */
  deliver(events: readonly (readonly [string, string])[], counts: string) {
    let text = '';
    for (const [id, event] of events) {
      if (this.sent.has(id)) continue;
      this.remember(id);
      text += event;
    }
    if (counts !== this.counts) {
      this.counts = counts;
      text += unreadEvent(counts);
    }
    if (text) this.send(encoder.encode(text));
  }

  heartbeat() {
    this.send(HEARTBEAT);
  }

  /** Ends the stream (the client sees it close) and tells the hub. */
  close() {
    if (this.closed) return;
    this.closed = true;
    try {
      this.controller.close();
    } catch {
      // already cancelled by the client
    }
    this.gone(this);
  }

  private send(chunk: Uint8Array) {
    if (this.closed) return;
    // The body is empty (all it held was written) once its room is whole: what comes next follows it.
    if (!this.direct && this.out?.headersSent && this.controller.desiredSize === HIGH_WATER_MARK) {
      this.direct = true;
    }
    if (this.direct) {
      if (this.out!.destroyed) return this.close();
      // A client that stopped reading is let go; it reconnects with Last-Event-ID and catches up.
      if (this.out!.writableLength > MAX_BUFFERED_BYTES) return this.close();
      this.out!.write(chunk);
      return;
    }
    if ((this.controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) return this.close();
    this.controller.enqueue(chunk);
  }

  private remember(id: string) {
    this.sent.add(id);
    if (this.sent.size > REMEMBERED_IDS) this.sent.delete(this.sent.values().next().value!);
  }
}
