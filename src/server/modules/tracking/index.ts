/*
 * Tracking an order: the order page's read model and its routes, where an order meets its money,
 * claim, delivery photo and review. It sits on top of orders, payments and reviews, so that orders
 * itself knows none of them (decision 019).
 */
export { getOrderDetail, orderFulfillment } from './detail.ts';
export { orderRoutes } from './routes.ts';
