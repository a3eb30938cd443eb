import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  eventStreamQuerySchema,
  markNotificationsReadSchema,
  notificationListQuerySchema,
  notificationListSchema,
  unreadCountsSchema,
} from '../../../shared/schemas/notifications.ts';
import { AppError } from '../../errors.ts';
import { type ActorEnv, currentSession, signedIn } from '../../http/auth-guard.ts';
import { nodeResponse } from '../../http/node-response.ts';
import { json, jsonBody, openApiRoutes, routesOf, sessionGuard } from '../../http/openapi.ts';
import { toNotificationId } from './ids.ts';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
  unreadCounts,
} from './service.ts';

const route = routesOf({ tags: ['notifications'], use: signedIn });

const list = route.get('/notifications', {
  summary: "The signed-in user's notifications, newest first, with the unread count",
  query: notificationListQuerySchema,
  ok: json(notificationListSchema, 'A page of notifications'),
  errors: [400, 401, 503],
});

const read = route.post('/notifications/read', {
  summary: 'Mark some of your notifications read (these ids, or all up to `through`)',
  body: jsonBody(markNotificationsReadSchema),
  ok: json(unreadCountsSchema, 'The unread counts now'),
  errors: [400, 401, 403, 413, 415, 503],
});

const readAll = route.post('/notifications/read-all', {
  summary: 'Mark all your notifications read',
  ok: json(unreadCountsSchema, 'The unread counts now'),
  errors: [401, 403, 415, 503],
});

const unread = route.get('/unread', {
  summary: 'Unread notifications and unread conversations (the navbar counts)',
  ok: json(unreadCountsSchema, 'The unread counts'),
  errors: [401, 503],
});

/** The session's id as well as the actor: a stream checks at each heartbeat that it still exists. */
interface StreamEnv extends ActorEnv {
  Variables: ActorEnv['Variables'] & { sessionId: string };
}
const signedInSession: MiddlewareHandler<StreamEnv> = sessionGuard(async (c, next) => {
  const session = await currentSession(c);
  if (!session) throw AppError.unauthenticated();
  c.set('actor', session.actor);
  c.set('sessionId', session.sessionId);
  await next();
});

const events = route.get('/events', {
  summary: 'The live event stream (server-sent events)',
  description:
    '`retry: 1000`, then the notifications missed after Last-Event-ID (the header, or `?lastEventId=`; the newest 200), then `event: notification` (data: a Notification, id: its id) as they happen, `event: unread` (data: UnreadCounts) when the counts change, and a `: heartbeat` comment every 25 s. Five streams per user and server; the oldest makes way. The stream ends when the session does.',
  use: signedInSession,
  query: eventStreamQuerySchema,
  ok: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
  errors: [400, 401, 503],
});

/** The signed-in user's notifications, unread counts and event stream (/api/me). */
export const notificationRoutes = openApiRoutes()
  .openapi(list, async (c) => {
    const query = c.req.valid('query');
    return c.json(await listNotifications({ db: c.var.services.db, actor: c.var.actor, query }), 200);
  })
  .openapi(read, async (c) => {
    const input = c.req.valid('json');
    const { db, clock } = c.var.services;
    return c.json(await markNotificationsRead({ db, actor: c.var.actor, input, now: clock.now() }), 200);
  })
  .openapi(readAll, async (c) => {
    const { db, clock } = c.var.services;
    return c.json(await markAllNotificationsRead({ db, actor: c.var.actor, now: clock.now() }), 200);
  })
  .openapi(unread, async (c) => {
    const { id } = c.var.actor;
    return c.json((await unreadCounts(c.var.services.db, [id])).get(id)!, 200);
  })
  .openapi(events, async (c) => {
    const header = c.req.header('Last-Event-ID');
    const { lastEventId = header } = c.req.valid('query');
    const parsed = eventStreamQuerySchema.safeParse({ lastEventId: lastEventId?.trim() || undefined });
    if (!parsed.success) throw AppError.validation({ 'Last-Event-ID': 'Not a notification id.' });
    const from = parsed.data.lastEventId;
    const body = await c.var.services.streams.open({
      userId: c.var.actor.id,
      sessionId: c.var.sessionId,
      out: nodeResponse(c),
      lastEventId: from === undefined ? undefined : toNotificationId(from),
    });
    return c.body(body, 200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // Never stored, never compressed or buffered on the way (compression.ts, nginx): event by event.
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
  });
