import {
  blackoutDayParamSchema,
  blackoutInputSchema,
  blackoutStateSchema,
  calendarMonthQuerySchema,
  vendorCalendarSchema,
} from '../../../shared/schemas/calendar.ts';
import { vendorIdParamSchema } from '../../../shared/schemas/vendors.ts';
import { currentActor, vendorsOnly } from '../../http/auth-guard.ts';
import { json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { presentBlackout, presentCalendar } from './presenter.ts';
import { addBlackout, getOwnCalendar, getVendorAvailability, removeBlackout } from './service.ts';

// Listed tags (src/server/http/api-docs.ts): the vendor's own calendar is part of their profile.
const own = routesOf({ tags: ['vendor profile'], use: vendorsOnly });
const blackoutLimit = rateLimit({ name: 'calendar-blackouts', max: () => 120, windowSeconds: 60 });

const ownMonth = own.get('/', {
  summary: "The signed-in vendor's month: orders taken per day against capacity, blackout dates",
  query: calendarMonthQuerySchema,
  ok: json(vendorCalendarSchema, 'The month'),
  errors: [400, 401, 403, 404, 503],
});

const blackout = {
  use: [blackoutLimit, vendorsOnly],
  params: blackoutDayParamSchema,
  ok: json(blackoutStateSchema, 'Whether the day is now blacked out'),
  errors: [400, 401, 403, 404, 415, 429, 503],
} as const;

const addDay = own.put('/blackouts/{day}', {
  summary: 'Black out a day (idempotent; replaces the note)',
  ...blackout,
  body: jsonBody(blackoutInputSchema, { required: false }),
});

const removeDay = own.delete('/blackouts/{day}', {
  summary: 'Take a day out of the blackouts (idempotent)',
  ...blackout,
});

/** The vendor's own calendar: blackout dates and the month view (/api/me/vendor-profile/calendar). */
export const vendorCalendarRoutes = openApiRoutes()
  .openapi(ownMonth, async (c) => {
    const { db, clock } = c.var.services;
    const { month } = c.req.valid('query');
    const view = await getOwnCalendar({ db, actor: c.var.actor, month, now: clock.now() });
    return c.json(presentCalendar(view), 200);
  })
  .openapi(addDay, async (c) => {
    const { db, clock } = c.var.services;
    const { day } = c.req.valid('param');
    const { note } = c.req.valid('json');
    const saved = await addBlackout({ db, actor: c.var.actor, day, note, now: clock.now() });
    return c.json(presentBlackout(saved.day, saved.note, true), 200);
  })
  .openapi(removeDay, async (c) => {
    const { day } = c.req.valid('param');
    await removeBlackout({ db: c.var.services.db, actor: c.var.actor, day });
    return c.json(presentBlackout(day, null, false), 200);
  });

/** Which days a vendor can take, for customers (/api/vendors/{id}/availability). */
export const vendorAvailabilityRoutes = openApiRoutes().openapi(
  routesOf({ tags: ['vendors'] }).get('/{id}/availability', {
    summary: "A vendor's month: available, full, blackout, too soon (lead time) or past, per day",
    params: vendorIdParamSchema,
    query: calendarMonthQuerySchema,
    ok: json(vendorCalendarSchema, 'The month'),
    errors: [400, 404, 503],
  }),
  async (c) => {
    const { db, clock } = c.var.services;
    const { id } = c.req.valid('param');
    const { month } = c.req.valid('query');
    // Open to visitors; the vendor themself also sees their counts.
    const actor = await currentActor(c);
    const view = await getVendorAvailability({ db, actor, vendorId: id, month, now: clock.now() });
    return c.json(presentCalendar(view), 200);
  },
);
