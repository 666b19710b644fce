import { describe, expect, it } from 'vitest';
import { RateLimit } from '../../../../src/main/emulator/rate-limit';

describe('the emulator’s request-rate limit', () => {
  it('is off until set; then takes a tenth of a second’s burst and refills at the rate', () => {
    let t = 0;
    const limit = new RateLimit(() => t);
    expect(Array.from({ length: 1000 }, () => limit.take()).every((x) => x === null)).toBe(true);
    limit.set(200);
    const burst = Array.from({ length: 25 }, () => limit.take());
    expect(burst.filter((x) => x === null)).toHaveLength(20);
    expect(burst.at(-1)).toBe(1); // Retry-After is whole seconds, at least one
    // A steady 190 a second passes whole; 210 a second loses about the excess.
    let refused = 0;
    for (let i = 0; i < 1900; i++) {
      t += 1000 / 190;
      if (limit.take() !== null) refused++;
    }
    expect(refused).toBe(0);
    for (let i = 0; i < 2100; i++) {
      t += 1000 / 210;
      if (limit.take() !== null) refused++;
    }
    expect(refused).toBeGreaterThanOrEqual(80);
    expect(refused).toBeLessThanOrEqual(120);
    limit.set(null);
    expect(limit.take()).toBeNull();
    expect(limit.current()).toBeNull();
  });
});
