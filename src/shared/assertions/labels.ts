import type { Assertion } from './schema';

/** "an inTop assertion", "a count assertion". */
export const anAssertion = (type: string): string => `${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${type} assertion`;

const quote = (s: string) => `“${s}”`;

/** What an assertion says, as a sentence: its `name` when it has one, otherwise made from its fields. */
export function labelOf(a: Assertion): string {
  if (a.name) return a.name;
  switch (a.type) {
    case 'inTop':
      return `${a.id} is in the top ${a.k}`;
    case 'notInTop':
      return `${a.id} is not in the top ${a.k}`;
    case 'atRank':
      return `${a.id} is at rank ${a.rank}`;
    case 'above':
      return `${a.id} ranks above ${a.other}`;
    case 'matchInTop':
      return a.atLeast === undefined
        ? `every one of the top ${a.k} matches ${a.filter}`
        : `at least ${a.atLeast} of the top ${a.k} match ${a.filter}`;
    case 'noneInTop':
      return `none of the top ${a.k} matches ${a.filter}`;
    case 'count':
      return a.min !== undefined && a.max !== undefined
        ? `the count is between ${a.min} and ${a.max}`
        : a.min !== undefined
          ? `the count is at least ${a.min}`
          : `the count is at most ${a.max ?? 0}`;
    case 'notEmpty':
      return 'the answer is not empty';
    case 'redirect':
      return `the answer redirects to ${a.url}`;
    case 'facet':
      return a.value === undefined
        ? `facet ${a.id} is in the answer${a.minCount !== undefined ? ` with a count of at least ${a.minCount}` : ''}`
        : `facet ${a.id} offers ${quote(a.value)}${a.minCount !== undefined ? ` with at least ${a.minCount}` : ''}`;
    case 'group':
      return `group ${quote(a.value)} has at least ${a.minItems ?? 1} item${(a.minItems ?? 1) === 1 ? '' : 's'}`;
    case 'suggestion':
      return a.within === undefined ? `${quote(a.text)} is suggested` : `${quote(a.text)} is among the first ${a.within} suggestions`;
    case 'time':
      return `the answer comes within ${a.maxMs} ms`;
  }
}
