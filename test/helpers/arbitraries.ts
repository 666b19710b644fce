import fc from 'fast-check';
import type { FilterNode, FilterValue } from '../../src/shared/filter';

/** Generators for the languages' property tests. */

const KEYWORDS = new Set(['and', 'or', 'true', 'false']);
const zero: FilterValue['range'] = { start: 0, end: 0 };

export const attributeName = fc.stringMatching(/^[a-zA-Z_$][a-zA-Z0-9_.$-]{0,12}$/).filter((s) => !KEYWORDS.has(s.toLowerCase()));

const bareWord = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_.:-]{0,10}$/).filter((s) => !KEYWORDS.has(s.toLowerCase()));

export const filterValue: fc.Arbitrary<FilterValue> = fc.oneof(
  fc
    .double({ noNaN: true, noDefaultInfinity: true })
    .map((n) => ({ kind: 'number' as const, value: Object.is(n, -0) ? 0 : n, range: zero })),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map((n) => ({ kind: 'number' as const, value: n, range: zero })),
  fc.string({ unit: 'binary', maxLength: 20 }).map((s) => ({ kind: 'string' as const, value: s, range: zero })),
  fc.boolean().map((b) => ({ kind: 'boolean' as const, value: b, range: zero })),
  fc
    .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
    .chain((d) => fc.constantFrom(d.toISOString(), d.toISOString().slice(0, 10), d.toISOString().slice(0, 19)))
    .map((s) => ({ kind: 'date' as const, value: s, range: zero })),
  bareWord.map((w) => ({ kind: 'word' as const, value: w, range: zero })),
);

const comparison = fc.record({
  attribute: attributeName,
  op: fc.constantFrom('=', '!=', '<', '<=', '>', '>=' as const),
  value: filterValue,
});

/** Normalised ASTs, as the parser builds them: n-ary AND/OR, never nested in the same operator. */
export const filterAst: fc.Arbitrary<FilterNode> = fc.letrec<{ node: FilterNode; and: FilterNode; or: FilterNode; leaf: FilterNode }>(
  (tie) => ({
    leaf: comparison.map((c) => ({
      type: 'compare' as const,
      attribute: { name: c.attribute, range: zero },
      op: { value: c.op, range: zero },
      value: c.value,
      range: zero,
    })),
    and: fc
      .array(fc.oneof({ depthSize: 'small' }, tie('leaf'), tie('or')), { minLength: 2, maxLength: 4 })
      .map((children) => ({ type: 'and' as const, children, range: zero })),
    or: fc
      .array(fc.oneof({ depthSize: 'small' }, tie('leaf'), tie('and')), { minLength: 2, maxLength: 4 })
      .map((children) => ({ type: 'or' as const, children, range: zero })),
    node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('leaf'), tie('and'), tie('or')),
  }),
).node;

/** Strings built from the filter language's own pieces, to reach deep parser paths. */
export const filterish = fc
  .array(
    fc.constantFrom(
      'price',
      'a',
      ' ',
      '(',
      ')',
      '=',
      '!=',
      '!',
      '<',
      '>=',
      "'",
      '"',
      '\\',
      'AND',
      'or',
      '10',
      '-',
      '.',
      '2024-01-01',
      'true',
      'x y',
      '\u00e9',
      '\n',
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

export const maskish = fc
  .array(fc.constantFrom('id', 'product', 'title', ' ', ',', '.', '*', '(', ')', '-', '_', '$', 'x', '\t'), { maxLength: 30 })
  .map((parts) => parts.join(''));
