/** What other modules use to tell users what happened (in the transaction of the change). */
export { announceUnread, publish } from './publish.ts';
export { orderParties, vendorOwnerId } from './recipients.ts';
