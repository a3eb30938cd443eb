import type { Notification, UnreadCounts } from '../../../shared/schemas/notifications.ts';

/** What a reconnecting stream is sent at most: the newest it missed (the list has the rest). */
export const STREAM_BACKLOG_LIMIT = 200;
/**
 * Chunks a client may leave unread before its stream is ended (it reconnects and catches up): a chunk
 * is what one round of signals brought the stream, most often one notification and the new counts.
 */
const MAX_QUEUED_CHUNKS = 500;
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
 * The stream is the response's body, handed a chunk each time its reader asks (`pull`), so what waits
 * is here, counted. Given the Node response it goes out on, the stream writes to that response itself
 * once the server has sent the headers and asks for more with nothing left here: the server writes
 * each chunk before asking for the next, so all the body held is out and what comes next follows it.
 * A chunk then skips the web stream in between (a read, a promise and a call per chunk, 2,000 of them
 * a fan-out). The body stays open until the stream ends, and its end ends the response.
 */
export class StreamConnection {
  readonly stream: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  /** Chunks waiting for the body's reader to ask. */
  private readonly queue: Uint8Array[] = [];
  /** The reader asked and nothing was waiting: the next chunk goes to it at once. */
  private asked = false;
  /** Writing to `out` itself: from then on, always. */
  private direct = false;
  /**
   * Ids sent lately (the replay, then live ones), so none goes twice: a signal for a commit the replay
   * already saw, or ids handed again to every stream of the user after one of them opened.
   */
  private readonly sent = new Set<string>();
  /** Signals that came while it was opening (ids, or a counts change: 'counts'), handled once it is open. */
  early: (bigint | 'counts')[] | null = [];
  /** The counts last sent, so `unread` goes out only when they change. */
  private counts = '';
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
        pull: (c) => {
          const next = this.queue.shift();
          if (next) c.enqueue(next);
          else if (this.out?.headersSent) this.direct = true;
          else this.asked = true;
        },
        cancel: () => gone(this),
      },
      // Nothing is pulled ahead: a chunk leaves `queue` only for a reader waiting for it.
      { highWaterMark: 0 },
    );
  }

  /**
   * The start of the stream: the reconnection delay, what the client missed, and the unread counts. A
   * client that has seen nothing yet gets `baseline` as an id to come back with, so a reconnection replays.
   */
  replay(missed: Notification[], counts: UnreadCounts, baseline: bigint | undefined) {
    if (this.closed) return;
    this.send(encoder.encode(`retry: ${RETRY_MS}\n\n`));
    for (const n of missed) {
      this.remember(n.id);
      this.send(encoder.encode(notificationEvent(n)));
    }
    this.counts = JSON.stringify(counts);
    this.send(encoder.encode(unreadEvent(this.counts, baseline)));
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
      // What waits still goes out, before the end.
      for (const chunk of this.queue.splice(0)) this.controller.enqueue(chunk);
      this.controller.close();
    } catch {
      // already cancelled by the client
    }
    this.gone(this);
  }

  private send(chunk: Uint8Array) {
    if (this.closed) return;
    if (this.direct) {
      if (this.out!.destroyed) return this.close();
      // A client that stopped reading is let go; it reconnects with Last-Event-ID and catches up.
      if (this.out!.writableLength > MAX_BUFFERED_BYTES) return this.close();
      this.out!.write(chunk);
    } else if (this.asked) {
      this.asked = false;
      this.controller.enqueue(chunk);
    } else {
      if (this.queue.length >= MAX_QUEUED_CHUNKS) return this.close();
      this.queue.push(chunk);
    }
  }

  private remember(id: string) {
    this.sent.add(id);
    if (this.sent.size > REMEMBERED_IDS) this.sent.delete(this.sent.values().next().value!);
  }
}
