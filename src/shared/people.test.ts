import { describe, expect, it } from 'vitest';
import { displayName } from './people.ts';

describe('displayName', () => {
  it('shows the first name and the last initial', () => {
    expect(displayName({ firstName: 'Priya', lastName: 'Sharma', name: 'Priya Sharma' })).toBe('Priya S.');
  });
  it('capitalises the initial and trims both names', () => {
    expect(displayName({ firstName: '  Priya ', lastName: ' sharma', name: 'x' })).toBe('Priya S.');
  });
  it('shows the first name alone without a last name', () => {
    expect(displayName({ firstName: 'Priya', lastName: null, name: 'Priya Sharma' })).toBe('Priya');
    expect(displayName({ firstName: 'Priya', lastName: '   ', name: 'Priya Sharma' })).toBe('Priya');
  });
  it('takes the first word of the account name when no first name was given', () => {
    expect(displayName({ firstName: null, lastName: null, name: '  Sam   Lee ' })).toBe('Sam');
    expect(displayName({ firstName: '  ', lastName: 'Lee', name: 'Sam' })).toBe('Sam L.');
  });
  it('says "Customer" when there is no name at all', () => {
    expect(displayName({ firstName: null, lastName: null, name: '   ' })).toBe('Customer');
  });
});
