/** How a cake reaches the customer: the vendor delivers it, or the customer picks it up. */
export const FULFILLMENTS = ['delivery', 'pickup'] as const;
export type Fulfillment = (typeof FULFILLMENTS)[number];

/** What an order's date is called where it is shown: "Pickup" for a pickup order, else "Delivery". */
export const fulfillmentLabel = (fulfillment: Fulfillment): 'Pickup' | 'Delivery' =>
  fulfillment === 'pickup' ? 'Pickup' : 'Delivery';
