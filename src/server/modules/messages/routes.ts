import {
  conversationIdParamSchema,
  conversationListSchema,
  conversationSchema,
  createdIdSchema,
  markReadResultSchema,
  markReadSchema,
  messagePageQuerySchema,
  MESSAGE_IMAGES_MAX,
  messagePageSchema,
  startConversationSchema,
} from '../../../shared/schemas/messages.ts';
import { signedIn } from '../../http/auth-guard.ts';
import { json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { parseOrThrow } from '../../http/validate.ts';
import { presentConversation, presentConversationList, presentMessagePage } from './presenter.ts';
import {
  getConversation,
  getMessagePage,
  listConversations,
  markConversationRead,
  sendMessage,
  startConversation,
} from './service.ts';
import { readSendInput, sendBodyLimit, sendMessageBody } from './send-body.ts';

const route = routesOf({ tags: ['messages'], use: signedIn });
const sendLimit = rateLimit({ name: 'messages', max: () => 30, windowSeconds: 60 });

const list = route.get('/', {
  summary: "The signed-in user's conversations, newest first",
  ok: json(conversationListSchema, 'Conversation previews'),
  errors: [400, 401, 503],
});

const start = route.post('/', {
  summary: 'Open (or reopen) a conversation with a vendor',
  body: jsonBody(startConversationSchema),
  created: json(createdIdSchema, "The conversation's id"),
  errors: [400, 401, 403, 404, 413, 415, 503],
});

const open = route.get('/{id}', {
  summary: 'One conversation with its newest page of messages',
  params: conversationIdParamSchema,
  ok: json(conversationSchema, 'The conversation'),
  errors: [400, 401, 404, 503],
});

const page = route.get('/{id}/messages', {
  summary: 'A page of messages before or after a place in the thread',
  params: conversationIdParamSchema,
  query: messagePageQuerySchema,
  ok: json(messagePageSchema, 'Messages, oldest first'),
  errors: [400, 401, 404, 503],
});

const read = route.post('/{id}/read', {
  summary: 'Mark the conversation read up to a place (or the latest message)',
  params: conversationIdParamSchema,
  body: jsonBody(markReadSchema, { required: false }),
  ok: json(markReadResultSchema, 'Whether the read mark moved'),
  errors: [400, 401, 403, 404, 413, 415, 503],
});

// Documented here and routed below by hand, with its own middleware: the body is JSON or multipart,
// and a declared JSON body would refuse every form before the handler could read it.
const send = route.post('/{id}/messages', {
  summary: 'Send a message, with up to 5 images',
  description: `JSON with \`body\` (and \`orderId\`), or multipart with \`body\`, \`orderId\` and up to ${MESSAGE_IMAGES_MAX} images in \`images\`, each checked by its content. A message needs text or at least one image; a bad image is a 400 at \`images\`.`,
  // The same middleware as the route below; here it only documents that the session is needed.
  use: [sendLimit, sendBodyLimit, signedIn],
  params: conversationIdParamSchema,
  body: sendMessageBody,
  created: json(createdIdSchema, "The message's id"),
  errors: [400, 401, 403, 404, 413, 415, 429, 503],
});

/** The signed-in user's conversations between customers and vendors. */
export const messageRoutes = openApiRoutes()
  .openapi(list, async (c) => {
    const list = await listConversations({ db: c.var.services.db, actor: c.var.actor });
    return c.json(presentConversationList(list), 200);
  })
  .openapi(start, async (c) => {
    const { vendorId } = c.req.valid('json');
    const id = await startConversation({ db: c.var.services.db, actor: c.var.actor, vendorId });
    return c.json({ id }, 201);
  })
  .openapi(open, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(
      presentConversation(await getConversation({ db: c.var.services.db, actor: c.var.actor, id })),
      200,
    );
  })
  .openapi(page, async (c) => {
    const { id } = c.req.valid('param');
    const query = c.req.valid('query');
    const rows = await getMessagePage({ db: c.var.services.db, actor: c.var.actor, id, query });
    return c.json(presentMessagePage(rows), 200);
  })
  .openapi(read, async (c) => {
    const { id } = c.req.valid('param');
    const { through } = c.req.valid('json');
    const marked = await markConversationRead({ db: c.var.services.db, actor: c.var.actor, id, through });
    return c.json({ marked }, 200);
  });

const { middleware: sendMiddleware, ...sendDocument } = send;
messageRoutes.openAPIRegistry.registerPath(sendDocument);
messageRoutes.post('/:id/messages', ...sendMiddleware, async (c) => {
  const { id } = parseOrThrow(conversationIdParamSchema, c.req.param());
  const { images, ...input } = await readSendInput(c);
  const { db, storage, clock } = c.var.services;
  const message = await sendMessage({
    db,
    actor: c.var.actor,
    id,
    input,
    images: { store: storage, files: images },
    now: clock.now(),
  });
  return c.json({ id: message.id }, 201);
});
