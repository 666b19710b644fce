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

const dateCache = new Map<string, number>();
function cachedDateMillis(text: string): number {
  let ms = dateCache.get(text);
  if (ms === undefined) {
    ms = dateMillis(text);
    if (dateCache.size > 50_000) dateCache.clear();
    dateCache.set(text, ms);
  }
  return ms;
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
  return (actual) => {
    if (typeof actual === 'number') return Number.isFinite(expectedNumber) ? cmpNumbers(actual, expectedNumber) : undefined;
    if (typeof actual === 'string') {
      if (!Number.isNaN(expectedDate) && (value.kind === 'date' || ISO_DATE.test(actual))) {
        const a = cachedDateMillis(actual);
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

/**
 * Whether a comparison holds for an item. List attributes match when any
 * element matches (`!=` when no element equals). A missing attribute matches
 * only `!=`.
 */
const NUMBER_TESTS: Record<Operator, (v: number) => (a: number) => boolean> = {
  '=': (v) => (a) => a === v,
  '!=': (v) => (a) => a !== v,
  '<': (v) => (a) => a < v,
  '<=': (v) => (a) => a <= v,
  '>': (v) => (a) => a > v,
  '>=': (v) => (a) => a >= v,
};

export function compileComparison(c: Comparison): Predicate {
  const general = compileGeneral(c);
  const name = c.attribute.name;
  // Fast path for the common case, a plain numeric attribute against a number.
  if (c.value.kind === 'number' && !name.includes('.')) {
    const test = NUMBER_TESTS[c.op.value](c.value.value as number);
    return (item) => {
      const a = item[name];
      return typeof a === 'number' ? test(a) : general(item);
    };
  }
  return general;
}

function compileGeneral(c: Comparison): Predicate {
  const name = c.attribute.name;
  const op = c.op.value;
  const compare = comparator(c.value);
  const dotted = name.includes('.');
  const own = Object.prototype.hasOwnProperty;
  return (item) => {
    const actual = dotted ? getAttribute(item, name) : own.call(item, name) ? item[name] : undefined;
    if (actual === undefined || actual === null) return op === '!=';
    if (Array.isArray(actual)) {
      if (op === '!=') return !actual.some((el) => holds('=', compare(el), el));
      return actual.some((el) => holds(op, compare(el), el));
    }
    return holds(op, compare(actual), actual);
  };
}

/** Compiles a filter once into a predicate, for evaluating it over many items. */
export function compileFilter(ast: FilterNode | null): Predicate {
  if (ast === null) return () => true;
  if (ast.type === 'compare') return compileComparison(ast);
  const children = ast.children.map(compileFilter);
  const n = children.length;
  if (ast.type === 'and') {
    return (item) => {
      for (let i = 0; i < n; i++) if (!(children[i] as Predicate)(item)) return false;
      return true;
    };
  }
  return (item) => {
    for (let i = 0; i < n; i++) if ((children[i] as Predicate)(item)) return true;
    return false;
  };
}

export function matches(ast: FilterNode | null, item: Attributes): boolean {
  return compileFilter(ast)(item);
}
