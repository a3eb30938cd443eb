/**
 * What other modules use to tell users what happened (in the transaction of the change), and to end
 * the event streams of a session or user that is no longer let in (after the change).
 */
export { announceUnread, endStreams, publish } from './publish.ts';
export { orderParties, vendorOwnerId } from './recipients.ts';
