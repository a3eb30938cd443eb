import { createConnection, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  /** The loopback port that forwards to the target. */
  port: number;
  /**
   * The network fails: every live connection is reset, and new ones are reset as soon as they are
   * accepted (`hang: true` instead holds them open and silent, as an unreachable host would).
   */
  cut(options?: { hang?: boolean }): void;
  /**
   * The connection that next carries `text` from the client (a statement) is reset before the
   * target sees it, as a network that drops right then; other connections are untouched.
   */
  dropOnNext(text: string): void;
  /** New connections reach the target again (connections cut before stay gone). */
  restore(): void;
  close(): Promise<void>;
}

/** A loopback TCP proxy in front of `target`, for tests that take a server away and bring it back. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const live = new Set<Socket>();
  let state: 'open' | 'reset' | 'hang' = 'open';
  let trip: Buffer | null = null;

  const track = (socket: Socket) => {
    live.add(socket);
    socket.on('close', () => live.delete(socket));
    // A reset peer is the point of this proxy, not a failure of the test.
    socket.on('error', () => socket.destroy());
  };

  const server = createServer((client) => {
    track(client);
    if (state === 'reset') return void client.resetAndDestroy();
    if (state === 'hang') return;
    const upstream = createConnection(target);
    track(upstream);
    client.on('data', (chunk: Buffer) => {
      if (trip && chunk.includes(trip)) {
        trip = null;
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      if (!upstream.write(chunk)) {
        client.pause();
        upstream.once('drain', () => client.resume());
      }
    });
    client.on('end', () => upstream.end());
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };

  const dropAll = () => {
    for (const socket of live) {
      if (socket.destroyed) continue;
      if (socket.connecting) socket.destroy();
      else socket.resetAndDestroy();
    }
  };

  return {
    port,
    cut({ hang = false } = {}) {
      state = hang ? 'hang' : 'reset';
      dropAll();
    },
    dropOnNext(text) {
      trip = Buffer.from(text);
    },
    restore() {
      // Connections held open while hanging never reached the target; their clients must retry.
      if (state === 'hang') dropAll();
      state = 'open';
    },
    async close() {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
