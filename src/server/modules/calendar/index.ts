/* The calendar module's public face: what other modules may use (the rest is its own). */
export { dayBounds, takesADaySql } from './availability.ts';
export { vendorAvailabilityRoutes, vendorCalendarRoutes } from './routes.ts';
export { vendorAvailability } from './availability.ts';
export { assertVendorCanTake } from './availability.ts';
