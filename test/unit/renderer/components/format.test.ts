import { describe, expect, it } from 'vitest';
import { formatPrice, formatValue } from '../../../../src/renderer/src/components/format';

describe('numbers as every screen shows them', () => {
  it('prices with two decimals and grouped thousands, the same in Search, Compare, Suggest and judging', () => {
    expect(formatPrice(100.5)).toBe('100.50');
    expect(formatPrice(40)).toBe('40.00');
    expect(formatPrice(1234.5)).toBe('1,234.50');
    expect(formatPrice(undefined)).toBeNull();
    expect(formatPrice(null)).toBeNull();
    expect(formatPrice('on request')).toBe('on request');
  });

  it('other values: grouped numbers, lists, days of ISO dates, a dash when missing', () => {
    expect(formatValue(1234)).toBe('1,234');
    expect(formatValue(4.256)).toBe('4.26');
    expect(formatValue(['S', 'M'])).toBe('S, M');
    expect(formatValue('2026-03-04T10:00:00Z')).toBe('2026-03-04');
    expect(formatValue(undefined)).toBe('—');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
  });
});
