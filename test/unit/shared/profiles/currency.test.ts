import { describe, expect, it } from 'vitest';
import { profileFieldsSchema } from '../../../../src/shared/profiles';
import { cellOf, formatMoney, type TrafficRow } from '../../../../src/shared/traffic';

describe('revenue in the currency the storefront sells in', () => {
  const fields = (extra: object) =>
    profileFieldsSchema.safeParse({ name: 'p', color: '#10b981', searchUrl: 'https://s.example.com', ...extra });

  it('a profile says it as an ISO 4217 code (typed in any case); saved before it, none', () => {
    expect(fields({}).data?.currency).toBe('');
    expect(fields({ currency: ' usd ' }).data?.currency).toBe('USD');
    const bad = fields({ currency: 'euro' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['currency'], message: expect.stringContaining('three-letter ISO 4217 code') });
  });

  it('amounts to cents with separators, with the currency symbol when one is known, bare otherwise', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(10.429, 'USD')).toBe('$10.43');
    expect(formatMoney(3, 'JPY')).toBe('¥3');
    const row = { revenuePerSearch: 10.4321 } as TrafficRow;
    expect(cellOf(row, 'revenuePerSearch', 'EUR')).toBe('€10.43');
    expect(cellOf(row, 'revenuePerSearch')).toBe('10.43');
  });
});
