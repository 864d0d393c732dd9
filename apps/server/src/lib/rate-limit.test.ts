import { describe, expect, it } from 'vitest';
import { clientKey, LocalRateLimit } from './rate-limit.ts';

describe('clientKey (issue 12, finding 6)', () => {
  it('keeps IPv4 as it is, also written as IPv4-mapped IPv6', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:10.0.0.1')).toBe('10.0.0.1');
  });
  it('groups IPv6 by its /64, whatever way the address is written', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
  });
});

describe('LocalRateLimit (the anonymous reads per address, in memory: decision 174)', () => {
  it('answers 0 up to the limit, then the seconds left in the window, per key, and starts again with the next window', () => {
    const limit = new LocalRateLimit(3, 60_000);
    const t0 = 1_800_000_000_000; // the start of a minute
    expect([1, 2, 3].map((i) => limit.hit('203.0.113.9', t0 + i))).toEqual([0, 0, 0]);
    expect(limit.hit('203.0.113.9', t0 + 15_000)).toBe(45);
    expect(limit.hit('203.0.113.9', t0 + 59_999)).toBe(1);
    // Another address has its own count.
    expect(limit.hit('2001:db8:1:2::/64', t0 + 20_000)).toBe(0);
    expect(limit.hit('203.0.113.9', t0 + 60_000)).toBe(0);
  });

  it('tells at most maxKeys clients apart in a window: the others share one count', () => {
    const limit = new LocalRateLimit(2, 60_000, 2);
    const t0 = 1_800_000_000_000;
    expect(limit.hit('a', t0)).toBe(0);
    expect(limit.hit('b', t0)).toBe(0);
    expect(limit.hit('c', t0)).toBe(0);
    expect(limit.hit('d', t0)).toBe(0);
    expect(limit.hit('e', t0)).toBeGreaterThan(0);
    expect(limit.hit('a', t0)).toBe(0);
  });
});
