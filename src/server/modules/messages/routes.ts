import { Hono } from 'hono';
import {
  conversationIdParamSchema,
  markReadSchema,
  type MarkReadResult,
  messagePageQuerySchema,
  sendMessageSchema,
  startConversationSchema,
} from '../../../shared/schemas/messages.ts';
import { requireActor } from '../../http/auth-guard.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { AppEnv } from '../../http/types.ts';
import { parseOrThrow, validJson, validQuery } from '../../http/validate.ts';
import { presentConversation, presentConversationSummary, presentMessagePage } from './presenter.ts';
import {
  getConversation,
  getMessagePage,
  listConversations,
  markConversationRead,
  sendMessage,
  startConversation,
} from './service.ts';

/** The signed-in user's conversations between customers and vendors. */
export const messageRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const actor = await requireActor(c);
    const { me, rows } = await listConversations({ db: c.var.services.db, actor });
    return c.json({ conversations: rows.map((r) => presentConversationSummary(me, r)) });
  })
  .post('/', async (c) => {
    const actor = await requireActor(c);
    const { vendorId } = await validJson(c, startConversationSchema);
    const id = await startConversation({ db: c.var.services.db, actor, vendorId });
    return c.json({ id }, 201);
  })
  .get('/:id', async (c) => {
    const actor = await requireActor(c);
    const { id } = parseOrThrow(conversationIdParamSchema, c.req.param());
    return c.json(presentConversation(await getConversation({ db: c.var.services.db, actor, id })));
  })
  .get('/:id/messages', async (c) => {
    const actor = await requireActor(c);
    const { id } = parseOrThrow(conversationIdParamSchema, c.req.param());
    const query = validQuery(c, messagePageQuerySchema);
    return c.json(presentMessagePage(await getMessagePage({ db: c.var.services.db, actor, id, query })));
  })
  .post('/:id/read', async (c) => {
    const actor = await requireActor(c);
    const { id } = parseOrThrow(conversationIdParamSchema, c.req.param());
    const { through } = await validJson(c, markReadSchema);
    const marked = await markConversationRead({ db: c.var.services.db, actor, id, through });
    return c.json({ marked } satisfies MarkReadResult);
  })
  .post('/:id/messages', rateLimit({ name: 'messages', max: () => 30, windowSeconds: 60 }), async (c) => {
    const actor = await requireActor(c);
    const { id } = parseOrThrow(conversationIdParamSchema, c.req.param());
    const input = await validJson(c, sendMessageSchema);
    const message = await sendMessage({ db: c.var.services.db, actor, id, input });
    return c.json({ id: message.id }, 201);
  });
