import { describe, expect, it } from 'vitest';
import { checkFilter, trafficFilterSchema } from '../../../../src/shared/traffic';

describe("the traffic filter: one rule for the app's operations, the command line and the store", () => {
  it('accepts days on the calendar in order, a segment and a configuration; none is all', () => {
    expect(checkFilter({})).toBeNull();
    expect(checkFilter({ from: '2026-11-01', to: '2026-11-07', segment: 'premium', configuration: 'default' })).toBeNull();
    expect(trafficFilterSchema.parse(undefined)).toEqual({});
  });

  it('names the field and the text it refuses', () => {
    expect(checkFilter({ from: '1 Nov' })).toEqual({ field: 'from', message: 'from: a day as YYYY-MM-DD, got "1 Nov"' });
    expect(checkFilter({ to: '2026-02-30' })).toEqual({ field: 'to', message: 'to: a day that is on the calendar, got "2026-02-30"' });
    expect(checkFilter({ from: '2026-11-03', to: '2026-11-01' })).toEqual({
      field: 'from',
      message: 'from: the first day is after the last, got "2026-11-03"',
    });
  });

  it('checks only its own fields: a store query that carries more (the query a page is about) is not refused for it', () => {
    expect(checkFilter({ from: '2026-11-01', query: 'tent' } as Parameters<typeof checkFilter>[0])).toBeNull();
  });
});
