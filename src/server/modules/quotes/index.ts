/** What other modules (and tests) use of quotes: the quote lifecycle's steps, the reads, and its timer. */
export { acceptQuote, quoteJobHandlers } from './accept.ts';
export { answerQuote, askForChange, declineQuote } from './answer.ts';
export { getCustomerRequest, listCustomerRequests, listVendorInbox } from './read.ts';
export { createQuoteRequest } from './request.ts';
export { quoteRequestRoutes, quoteRoutes } from './routes.ts';
