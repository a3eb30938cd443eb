import { describe, expect, it } from 'vitest';
import { fulfillmentLabel } from './fulfillment.ts';

describe('the label of an order’s date', () => {
  it('says Pickup for a pickup order and Delivery for a delivered one', () => {
    expect(fulfillmentLabel('pickup')).toBe('Pickup');
    expect(fulfillmentLabel('delivery')).toBe('Delivery');
  });
});
