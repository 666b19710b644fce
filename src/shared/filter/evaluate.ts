import type { Comparison, FilterNode, FilterValue } from './ast';
import type { Operator } from './lexer';
import { ISO_DATE } from './lexer';

export type Attributes = Record<string, unknown>;

/** Milliseconds since the epoch for an ISO-8601 date; dates without an offset are read as UTC. */
export function dateMillis(text: string): number {
  if (!ISO_DATE.test(text)) return Number.NaN;
  if (text.length === 10) return Date.parse(`${text}T00:00:00Z`);
  let t = text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(t)) t += 'Z';
  return Date.parse(t);
}

/** An attribute by name: a direct key first, then a dotted path into nested objects. */
export function getAttribute(item: Attributes, name: string): unknown {
  if (Object.prototype.hasOwnProperty.call(item, name)) return item[name];
  if (!name.includes('.')) return undefined;
  let current: unknown = item;
  for (const part of name.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function ordered(op: Operator, cmp: number): boolean {
  switch (op) {
    case '=':
      return cmp === 0;
    case '!=':
      return cmp !== 0;
    case '<':
      return cmp < 0;
    case '<=':
      return cmp <= 0;
    case '>':
      return cmp > 0;
    case '>=':
      return cmp >= 0;
  }
}

const cmpNumbers = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);
const cmpStrings = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Comparator = (actual: unknown) => number | undefined;

/** `2024-05-01T10:00:00Z`: canonical UTC timestamps of this one shape order as text exactly as in time. */

/** Whether a string has the canonical shape above, checked by its separators (cheap enough per item). */
function isCanonicalUtc(s: string): boolean {
  return (
    s.length === 20 &&
    s.charCodeAt(19) === 90 && // Z
    s.charCodeAt(10) === 84 && // T
    s.charCodeAt(4) === 45 &&
    s.charCodeAt(7) === 45 && // -
    s.charCodeAt(13) === 58 &&
    s.charCodeAt(16) === 58 // :
  );
}

function canonicalUtc(ms: number): string | undefined {
  return Number.isFinite(ms) ? new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z') : undefined;
}

/**
 * Compares one scalar attribute value with the filter value, typed by what
 * they are: numbers numerically, dates chronologically, strings by code
 * point, booleans for (in)equality only (NaN means "not equal"). Undefined
 * when they cannot be compared (a word against a number). The expected side
 * is prepared once, so evaluating over many items stays cheap.
 */
export function comparator(value: FilterValue): Comparator {
  const expected = value.value;
  const expectedNumber =
    typeof expected === 'number' ? expected : typeof expected === 'string' && expected.trim() !== '' ? Number(expected) : Number.NaN;
  const expectedBool =
    typeof expected === 'boolean'
      ? expected
      : typeof expected === 'string' && /^(true|false)$/i.test(expected)
        ? expected.toLowerCase() === 'true'
        : undefined;
  const expectedText = String(expected);
  const expectedIsDateText = typeof expected === 'string' && ISO_DATE.test(expected);
  const expectedDate = value.kind === 'date' || expectedIsDateText ? dateMillis(expectedText) : Number.NaN;
  // Whole-second UTC instants compare as text against canonical timestamps, without parsing each item's date.
  const expectedCanonical = Number.isFinite(expectedDate) && expectedDate % 1000 === 0 ? canonicalUtc(expectedDate) : undefined;
  return (actual) => {
    if (typeof actual === 'number') return Number.isFinite(expectedNumber) ? cmpNumbers(actual, expectedNumber) : undefined;
    if (typeof actual === 'string') {
      if (!Number.isNaN(expectedDate) && (value.kind === 'date' || ISO_DATE.test(actual))) {
        if (expectedCanonical !== undefined && isCanonicalUtc(actual)) return cmpStrings(actual, expectedCanonical);
        const a = dateMillis(actual);
        if (!Number.isNaN(a)) return cmpNumbers(a, expectedDate);
      }
      if (typeof expected === 'number') {
        const n = Number(actual);
        return actual.trim() !== '' && Number.isFinite(n) ? cmpNumbers(n, expected) : undefined;
      }
      return cmpStrings(actual, expectedText);
    }
    if (typeof actual === 'boolean') {
      if (expectedBool === undefined) return undefined;
      return actual === expectedBool ? 0 : Number.NaN;
    }
    return undefined;
  };
}

export function compareScalar(actual: unknown, value: FilterValue): number | undefined {
  return comparator(value)(actual);
}

function holds(op: Operator, cmp: number | undefined, actual: unknown): boolean {
  if (cmp === undefined) return false;
  if (Number.isNaN(cmp)) return op === '!=';
  if (typeof actual === 'boolean' && op !== '=' && op !== '!=') return false;
  return ordered(op, cmp);
}

export type Predicate = (item: Attributes) => boolean;

const NUMBER_TESTS: Record<Operator, (v: number) => (a: number) => boolean> = {
  '=': (v) => (a) => a === v,
  '!=': (v) => (a) => a !== v,
  '<': (v) => (a) => a < v,
  '<=': (v) => (a) => a <= v,
  '>': (v) => (a) => a > v,
  '>=': (v) => (a) => a >= v,
};

/**
 * How a compiled filter reads an attribute from a row. The default reads
 * plain objects; a columnar store (the emulator's index) can read typed
 * arrays by row number instead, with the same comparison semantics.
 */
export type AttributeReader<Row> = (attribute: string) => (row: Row) => unknown;

const own = Object.prototype.hasOwnProperty;

export const objectReader: AttributeReader<Attributes> = (name) =>
  name.includes('.') ? (item) => getAttribute(item, name) : (item) => (own.call(item, name) ? item[name] : undefined);

/**
 * Whether a comparison holds for a row. List attributes match when any
 * element matches (`!=` when no element equals). A missing attribute matches
 * only `!=`.
 */
function compileComparisonWith<Row>(c: Comparison, reader: AttributeReader<Row>): (row: Row) => boolean {
  const read = reader(c.attribute.name);
  const op = c.op.value;
  const compare = comparator(c.value);
  const general = (actual: unknown): boolean => {
    if (actual === undefined || actual === null) return op === '!=';
    if (Array.isArray(actual)) {
      if (op === '!=') return !actual.some((el) => holds('=', compare(el), el));
      return actual.some((el) => holds(op, compare(el), el));
    }
    return holds(op, compare(actual), actual);
  };
  // Fast path: text equality against text that is not a date (dates compare chronologically).
  if ((c.value.kind === 'string' || c.value.kind === 'word') && (op === '=' || op === '!=') && !ISO_DATE.test(String(c.value.value))) {
    const expected = String(c.value.value);
    const equal = op === '=';
    return (row) => {
      const a = read(row);
      return typeof a === 'string' ? (a === expected) === equal : general(a);
    };
  }
  // Fast path for the common case, a numeric attribute against a number.
  if (c.value.kind === 'number') {
    const test = NUMBER_TESTS[op](c.value.value as number);
    return (row) => {
      const a = read(row);
      return typeof a === 'number' ? test(a) : general(a);
    };
  }
  return (row) => general(read(row));
}

export function compileComparison(c: Comparison): Predicate {
  return compileComparisonWith(c, objectReader);
}

/** Compiles a filter once into a predicate over rows read by `reader`. */
export function compileFilterWith<Row>(ast: FilterNode | null, reader: AttributeReader<Row>): (row: Row) => boolean {
  if (ast === null) return () => true;
  if (ast.type === 'compare') return compileComparisonWith(ast, reader);
  const children = ast.children.map((child) => compileFilterWith(child, reader));
  const n = children.length;
  if (ast.type === 'and') {
    return (row) => {
      for (let i = 0; i < n; i++) if (!(children[i] as (row: Row) => boolean)(row)) return false;
      return true;
    };
  }
  return (row) => {
    for (let i = 0; i < n; i++) if ((children[i] as (row: Row) => boolean)(row)) return true;
    return false;
  };
}

/** Compiles a filter once into a predicate, for evaluating it over many items. */
export function compileFilter(ast: FilterNode | null): Predicate {
  return compileFilterWith(ast, objectReader);
}

export function matches(ast: FilterNode | null, item: Attributes): boolean {
  return compileFilter(ast)(item);
}
