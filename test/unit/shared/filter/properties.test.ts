import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFilter, completeFilter, parseFilter, printFilter, stripRanges } from '../../../../src/shared/filter';
import { filterAst, filterish } from '../../../helpers/arbitraries';

describe('filter language properties', () => {
  it('parseFilter never throws on arbitrary text and reports errors as ranged diagnostics', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), filterish), (text) => {
        const r = parseFilter(text);
        for (const d of r.diagnostics) {
          expect(d.start).toBeGreaterThanOrEqual(0);
          expect(d.end).toBeLessThanOrEqual(text.length);
          expect(d.start).toBeLessThanOrEqual(d.end);
          expect(d.message.length).toBeGreaterThan(10);
        }
        if (r.diagnostics.some((d) => d.severity === 'error')) expect(r.ast).toBeNull();
      }),
    );
  });

  it('parse(print(ast)) gives back the same tree (unicode, quotes, every operator, deep nesting)', () => {
    fc.assert(
      fc.property(filterAst, (ast) => {
        const printed = printFilter(ast);
        const reparsed = parseFilter(printed);
        expect(
          reparsed.diagnostics.filter((d) => d.severity === 'error'),
          printed,
        ).toEqual([]);
        expect(stripRanges(reparsed.ast!)).toEqual(stripRanges(ast));
      }),
    );
  });

  it('printing is canonical: print(parse(print(ast))) is print(ast)', () => {
    fc.assert(
      fc.property(filterAst, (ast) => {
        const once = printFilter(ast);
        expect(printFilter(parseFilter(once).ast!)).toBe(once);
      }),
    );
  });

  it('any filter the parser accepts evaluates without error on arbitrary items', () => {
    fc.assert(
      fc.property(
        fc.oneof(filterish, filterAst.map(printFilter)),
        fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue()),
        (text, item) => {
          const r = parseFilter(text);
          if (r.ast) expect(typeof compileFilter(r.ast)(item)).toBe('boolean');
        },
      ),
    );
  });

  it('completion never throws and its range stays inside the text', () => {
    fc.assert(
      fc.property(fc.oneof(filterish, fc.string()), fc.nat(), (text, n) => {
        const offset = n % (text.length + 1);
        const ctx = completeFilter(text, offset);
        expect(ctx.expected.length).toBeGreaterThan(0);
        expect(ctx.range.start).toBeLessThanOrEqual(offset);
        expect(ctx.range.end).toBeLessThanOrEqual(text.length);
      }),
    );
  });
});
