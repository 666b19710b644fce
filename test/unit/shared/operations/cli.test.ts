import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { cliForm, defaultsOf, FlagError, flagHelp, flagSynopsis, inputFromFlags } from '../../../../src/shared/operations';

const form = cliForm({
  command: 'thing read',
  input: z.strictObject({
    metric: z.enum(['ctr', 'conversion']).default('ctr'),
    k: z.int().min(1).max(100).default(10),
    share: z.number().gt(0).max(0.5).default(0.05),
    n: z.int().min(1).max(100_000),
    filter: z
      .strictObject({
        from: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD')
          .optional(),
      })
      .default({}),
  }),
  flags: {
    metric: { flag: '--metric', doc: 'what is counted' },
    k: { flag: '--k', doc: 'clicks counted to rank k' },
    share: { flag: '--share', doc: 'the share' },
    n: { flag: '--n', doc: 'how many', value: 'N' },
    'filter.from': { flag: '--from', doc: 'the first day', value: 'D', absent: 'all' },
  },
});

describe('an operation on the command line', () => {
  it('takes what the flags leave out from the schema: the same defaults as every other caller', () => {
    expect(inputFromFlags(form, { n: '5' })).toEqual({ metric: 'ctr', k: 10, share: 0.05, n: 5, filter: {} });
    expect(inputFromFlags(form, { n: '5', k: '3', metric: 'conversion', from: '2026-11-02' })).toEqual({
      metric: 'conversion',
      k: 3,
      share: 0.05,
      n: 5,
      filter: { from: '2026-11-02' },
    });
  });

  it("refuses by the schema's own rule, naming the flag and the text", () => {
    const refused = (texts: Record<string, string>) => {
      try {
        inputFromFlags(form, texts);
      } catch (err) {
        expect(err).toBeInstanceOf(FlagError);
        return (err as FlagError).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ n: '5', k: '101' })).toMatch(/^--k: .*100.*, got "101"$/);
    expect(refused({ n: '5', k: 'ten' })).toMatch(/^--k: .*got "ten"$/);
    expect(refused({ n: '5', k: '' })).toMatch(/^--k: /);
    expect(refused({ n: '5', metric: 'revenue' })).toBe('--metric is one of ctr, conversion, got "revenue"');
    expect(refused({ n: '5', from: 'monday' })).toBe('--from: a day as YYYY-MM-DD, got "monday"');
    expect(refused({})).toMatch(/^--n: /);
  });

  it('says each flag with its choices, range and default from the schema', () => {
    expect(flagHelp(form)).toEqual([
      '  --metric what is counted (one of ctr, conversion; default ctr)',
      '  --k      clicks counted to rank k (a whole number 1 to 100; default 10)',
      '  --share  the share (above 0 to 0.5; default 0.05)',
      '  --n      how many (a whole number 1 to 100,000; required)',
      '  --from   the first day (default: all)',
    ]);
    expect(flagSynopsis(form)).toBe('[--metric ctr|conversion] [--k 10] [--share 0.05] --n N [--from D]');
    expect(flagHelp(form, { width: 10, only: ['k'] })).toEqual([
      '  --k        clicks counted to rank k (a whole number 1 to 100; default 10)',
    ]);
  });

  it('wraps a long line under its text', () => {
    const long = cliForm({ ...form, flags: { k: { flag: '--k', doc: 'word '.repeat(30).trim() } } });
    const lines = flagHelp(long, { columns: 60 });
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
    expect(lines[1]).toMatch(/^ {6}word/);
  });

  it("gives a screen the schema's defaults, and nothing for a field without one", () => {
    expect(defaultsOf(form)).toEqual({ metric: 'ctr', k: 10, share: 0.05, filter: {} });
  });
});
