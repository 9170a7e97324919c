import { describe, expect, it } from 'vitest';
import { MAX_RECIPIENTS, recipients } from './manifest';

describe('send-mail recipients', () => {
  it('splits, trims and dedupes addresses', () => {
    expect(recipients(' a@x.org; b@y.co ,a@x.org\n')).toEqual({ list: ['a@x.org', 'b@y.co'] });
  });
  it('names what is not an address, an empty list and too many', () => {
    expect(recipients('a@x.org, nobody').problem).toBe("'nobody' is not an e-mail address.");
    expect(recipients('a@x.org, "x"@y.z').problem).toMatch(/is not an e-mail address/);
    expect(recipients(' , ').problem).toBe('No recipient: "To" is empty.');
    const many = Array.from({ length: MAX_RECIPIENTS + 1 }, (_, i) => `u${i}@x.org`).join(',');
    expect(recipients(many).problem).toBe(`At most ${MAX_RECIPIENTS} recipients.`);
  });
});
