import type { Assertion } from '../request';

/** "an inTop assertion", "a count assertion". */
export const anAssertion = (type: string): string => `${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${type} assertion`;

const quote = (s: string) => `“${s}”`;

/**
 * What an assertion expects, as a phrase that states nothing as a fact ("SKU-1 at rank 1", "a count of at least
 * 5"): its `name` when it has one, otherwise made from its fields. A failed one reads `expected …` (see
 * outcomeLine), a passed one plainly.
 */
export function labelOf(a: Assertion): string {
  if (a.name) return a.name;
  switch (a.type) {
    case 'inTop':
      return `${a.id} in the top ${a.k}`;
    case 'notInTop':
      return `${a.id} not in the top ${a.k}`;
    case 'atRank':
      return `${a.id} at rank ${a.rank}`;
    case 'above':
      return `${a.id} above ${a.other}`;
    case 'matchInTop':
      return a.atLeast === undefined
        ? `every one of the top ${a.k} matching ${a.filter}`
        : `at least ${a.atLeast} of the top ${a.k} matching ${a.filter}`;
    case 'noneInTop':
      return `none of the top ${a.k} matching ${a.filter}`;
    case 'count':
      return a.min !== undefined && a.max !== undefined
        ? `a count between ${a.min} and ${a.max}`
        : a.min !== undefined
          ? `a count of at least ${a.min}`
          : `a count of at most ${a.max ?? 0}`;
    case 'notEmpty':
      return 'a non-empty answer';
    case 'redirect':
      return `a redirect to ${a.url}`;
    case 'facet':
      return a.value === undefined
        ? `facet ${a.id} in the answer${a.minCount !== undefined ? ` with a count of at least ${a.minCount}` : ''}`
        : `facet ${a.id} offering ${quote(a.value)}${a.minCount !== undefined ? ` with at least ${a.minCount}` : ''}`;
    case 'group':
      return `group ${quote(a.value)} with at least ${a.minItems ?? 1} item${(a.minItems ?? 1) === 1 ? '' : 's'}`;
    case 'suggestion':
      return a.within === undefined ? `${quote(a.text)} suggested` : `${quote(a.text)} among the first ${a.within} suggestions`;
    case 'time':
      return `an answer within ${a.maxMs} ms`;
  }
}

/**
 * One checked assertion in words: what was expected and what was seen. A failure reads
 * "expected SKU-1 at rank 1 — SKU-1 is not in the answer's first 24 items"; a pass, "SKU-1 at rank 1 — SKU-1 is at rank 1".
 */
export function outcomeLine(outcome: { label: string; status: 'passed' | 'failed'; message: string }): string {
  return outcome.status === 'failed' ? `expected ${outcome.label} — ${outcome.message}` : `${outcome.label} — ${outcome.message}`;
}
