import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';

/** A 1x1 PNG, the image every scripted success answers with unless told otherwise. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** What the next POST /v1/images/generations answers. */
export type FakeImageAnswer =
  | { kind: 'b64'; bytes?: Uint8Array }
  /** data[0].url pointing at this server, which then serves the bytes. */
  | { kind: 'url'; bytes?: Uint8Array }
  | {
      kind: 'error';
      status: number;
      /** OpenAI's error shape; omitted for an answer with no body at all. */
      error?: { message: string; type: string; param?: string | null; code?: string | null };
      headers?: Record<string, string>;
    }
  /** Never answers, for timeouts; the connection is dropped when the server closes. */
  | { kind: 'hang' };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, undefined for requests without one. */
  body: unknown;
}

/**
 * A real HTTP server on loopback speaking OpenAI's images API. Point OPENAI_BASE_URL at `baseUrl`,
 * script answers with `answerWith`, and read what arrived in `requests`.
 */
export async function startFakeOpenAI() {
  const requests: RecordedRequest[] = [];
  const files = new Map<string, Uint8Array>();
  let answer: FakeImageAnswer | ((body: { prompt?: string }, index: number) => FakeImageAnswer) = {
    kind: 'b64',
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      requests.push({
        method: req.method ?? 'GET',
        path,
        headers: req.headers,
        body: raw ? JSON.parse(raw) : undefined,
      });
      if (req.method === 'GET' && files.has(path)) {
        res.writeHead(200, { 'content-type': 'image/png' }).end(files.get(path));
      } else if (req.method === 'POST' && path === '/v1/images/generations') {
        const body = (raw ? JSON.parse(raw) : {}) as { prompt?: string };
        const index = requests.filter((r) => r.path === '/v1/images/generations').length - 1;
        answerGeneration(res, typeof answer === 'function' ? answer(body, index) : answer);
      } else {
        sendJson(res, 404, { error: { message: `Unknown path ${path}`, type: 'invalid_request_error' } });
      }
    });
  });

  function answerGeneration(res: ServerResponse, answer: FakeImageAnswer) {
    const created = Math.floor(Date.now() / 1000);
    switch (answer.kind) {
      case 'b64':
        return sendJson(res, 200, {
          created,
          data: [{ b64_json: Buffer.from(answer.bytes ?? TINY_PNG).toString('base64') }],
        });
      case 'url': {
        const file = `/files/image-${files.size + 1}.png`;
        files.set(file, answer.bytes ?? TINY_PNG);
        return sendJson(res, 200, { created, data: [{ url: `${origin}${file}`, revised_prompt: 'a cake' }] });
      }
      case 'error':
        if (!answer.error) return res.writeHead(answer.status, answer.headers).end();
        return sendJson(
          res,
          answer.status,
          { error: { param: null, code: null, ...answer.error } },
          answer.headers,
        );
      case 'hang':
        return undefined;
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;

  return {
    /** The value for OPENAI_BASE_URL. */
    baseUrl: `${origin}/v1`,
    requests,
    /** The image-generation requests only, in order. */
    generations: () => requests.filter((r) => r.path === '/v1/images/generations'),
    /** One answer for every request, or a function of the request body and its 0-based index. */
    answerWith(next: FakeImageAnswer | ((body: { prompt?: string }, index: number) => FakeImageAnswer)) {
      answer = next;
    },
    reset() {
      requests.length = 0;
      answer = { kind: 'b64' };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}
