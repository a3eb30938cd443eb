/*
 * Event plans (issue 25): a customer's event, the kinds of vendor wanted, the quote requests made from
 * it and what they booked. It reads quotes, orders and the ledger; nothing below knows of plans.
 */
export { orderScheduleRoutes, planRoutes } from './routes.ts';
export { orderSchedule } from './read.ts';
