import { walk, compileFilter, getAttribute, parseFilter } from '../filter';
import {
  type AutocompleteResponse,
  type Item,
  type SearchResponse,
  type SuggestResponse,
  ASSERTION_KINDS,
  type Assertion,
} from '../request';
import { matchGlob } from './glob';
import { anAssertion, labelOf } from './labels';
import { plural } from '../text';

/** An answer to check: its kind, the response, how long it took, and the response mask the request carried. */
export type AnswerUnderTest = (
  | { kind: 'search'; response: SearchResponse }
  | { kind: 'suggest'; response: SuggestResponse }
  | { kind: 'autocomplete'; response: AutocompleteResponse }
) & {
  /** Round trip in ms, when known. */
  ms: number | null;
  /** The request's response mask, when it had one: an attribute it removed is said to be masked, never silently missing. */
  mask?: string;
};

export interface AssertionOutcome {
  label: string;
  status: 'passed' | 'failed';
  /** What was seen, always: why it passed, or what was there instead (the expectation is the label: see outcomeLine). */
  message: string;
  /** Passed, but with something to report (a time over its bound without `fail: true`). */
  warning?: boolean;
  /** The item ids the outcome is about, to highlight. */
  items?: string[];
}

const SHOW = 5;
const listIds = (ids: readonly string[], max = SHOW) =>
  ids.length === 0 ? 'nothing' : ids.length <= max ? ids.join(', ') : `${ids.slice(0, max).join(', ')} and ${ids.length - max} more`;

/** The ranked products of a search answer (redirect items aside), each with its rank as the service counts it. */
function ranked(response: SearchResponse): { item: Item; rank: number }[] {
  const offset = typeof response.metadata?.offset === 'number' ? response.metadata.offset : 0;
  return (response.items ?? []).filter((i) => !i.redirect).map((item, i) => ({ item, rank: offset + i + 1 }));
}

function where(list: { item: Item; rank: number }[], id: string): number | null {
  return list.find((r) => r.item.id === id)?.rank ?? null;
}

function topOf(list: { item: Item; rank: number }[], k: number): { item: Item; rank: number }[] {
  return list.filter((r) => r.rank <= k);
}

/** How far the answer reached, for "not in the answer's first 24 items". */
function reach(response: SearchResponse, list: { rank: number }[]): string {
  const count = typeof response.metadata?.count === 'number' ? response.metadata.count : null;
  if (list.length === 0) return 'the answer has no items';
  const last = list[list.length - 1]!.rank;
  return count !== null && last >= count ? `not in the answer (all ${plural(count, 'item')})` : `not in the answer's first ${last} items`;
}

const pass = (a: Assertion, message: string, extra: Partial<AssertionOutcome> = {}): AssertionOutcome => ({
  label: labelOf(a),
  status: 'passed',
  message,
  ...extra,
});
const fail = (a: Assertion, message: string, extra: Partial<AssertionOutcome> = {}): AssertionOutcome => ({
  label: labelOf(a),
  status: 'failed',
  message,
  ...extra,
});

/** The filter of a filter assertion, compiled, with the attributes it reads; or why it cannot be used. */
function compiled(filter: string): { ok: true; test: (item: Item) => boolean; attributes: string[] } | { ok: false; why: string } {
  const parsed = parseFilter(filter);
  const error = parsed.diagnostics.find((d) => d.severity === 'error');
  if (!parsed.ast || error) return { ok: false, why: `the filter does not parse: ${error?.message ?? 'it is empty'}` };
  const attributes = new Set<string>();
  walk(parsed.ast, (c) => attributes.add(c.attribute.name));
  const predicate = compileFilter(parsed.ast);
  return { ok: true, test: (item) => predicate({ id: item.id, ...(item.product ?? {}) }), attributes: [...attributes] };
}

/**
 * Attributes a filter reads that no product of the answer carries, when the request had a response mask: the
 * mask removed them, so the filter cannot be checked — a failure that says so, never a silent pass.
 */
function maskedOut(attributes: readonly string[], list: { item: Item }[], mask: string | undefined): string[] {
  if (!mask?.trim() || list.length === 0) return [];
  return attributes.filter(
    (name) => name !== 'id' && !list.some(({ item }) => getAttribute({ id: item.id, ...(item.product ?? {}) }, name) !== undefined),
  );
}

function checkSearch(a: Assertion, answer: AnswerUnderTest & { kind: 'search' }): AssertionOutcome {
  const response = answer.response;
  const list = ranked(response);
  const count = typeof response.metadata?.count === 'number' ? response.metadata.count : null;
  switch (a.type) {
    case 'inTop': {
      const rank = where(list, a.id);
      const top = topOf(list, a.k).map((r) => r.item.id);
      if (rank !== null && rank <= a.k) return pass(a, `${a.id} is at rank ${rank}, within the top ${a.k}`, { items: [a.id] });
      const seen = rank === null ? `${a.id} is ${reach(response, list)}` : `${a.id} is at rank ${rank}`;
      return fail(a, `${seen}; the top ${a.k} ${top.length === 1 ? 'is' : 'are'} ${listIds(top)}`, {
        items: [a.id],
      });
    }
    case 'notInTop': {
      const rank = where(list, a.id);
      if (rank === null || rank > a.k)
        return pass(a, rank === null ? `${a.id} is ${reach(response, list)}` : `${a.id} is at rank ${rank}, outside the top ${a.k}`, {
          items: [a.id],
        });
      return fail(a, `${a.id} is at rank ${rank}, inside the top ${a.k}`, { items: [a.id] });
    }
    case 'atRank': {
      const rank = where(list, a.id);
      if (rank === a.rank) return pass(a, `${a.id} is at rank ${rank}`, { items: [a.id] });
      const there = list.find((r) => r.rank === a.rank)?.item.id;
      const seen = rank === null ? `${a.id} is ${reach(response, list)}` : `${a.id} is at rank ${rank}`;
      return fail(a, `${seen}${there ? `; rank ${a.rank} is ${there}` : ''}`, { items: [a.id] });
    }
    case 'above': {
      const mine = where(list, a.id);
      const theirs = where(list, a.other);
      const items = [a.id, a.other];
      if (mine === null)
        return fail(a, `${a.id} is ${reach(response, list)}${theirs !== null ? `; ${a.other} is at rank ${theirs}` : ''}`, { items });
      if (theirs === null) return pass(a, `${a.id} is at rank ${mine}; ${a.other} is ${reach(response, list)}`, { items });
      return mine < theirs
        ? pass(a, `${a.id} is at rank ${mine}, above ${a.other} at rank ${theirs}`, { items })
        : fail(a, `${a.id} is at rank ${mine}, below ${a.other} at rank ${theirs}`, { items });
    }
    case 'matchInTop':
    case 'noneInTop': {
      const filter = compiled(a.filter);
      if (!filter.ok) return fail(a, filter.why);
      const top = topOf(list, a.k);
      const masked = maskedOut(filter.attributes, top, answer.mask);
      if (masked.length)
        return fail(
          a,
          `the response mask (${answer.mask!.trim()}) removed ${masked.join(', ')} from the items, so ${a.filter} cannot be checked`,
        );
      const matching = top.filter((r) => filter.test(r.item));
      const missing = filter.attributes.filter(
        (n) => n !== 'id' && !top.some((r) => getAttribute({ ...(r.item.product ?? {}) }, n) !== undefined),
      );
      const note = missing.length && top.length ? ` (no item of the top ${a.k} has ${missing.join(', ')})` : '';
      const of = `${matching.length} of the top ${Math.min(a.k, top.length)}${top.length < a.k ? ` (the answer has ${top.length})` : ''}`;
      if (a.type === 'noneInTop') {
        const hits = matching.map((r) => `${r.item.id} (rank ${r.rank})`);
        return matching.length === 0
          ? pass(a, `none of the top ${Math.min(a.k, top.length)} match${note}`)
          : fail(a, `${of} match ${a.filter}: ${listIds(hits)}${note}`, { items: matching.map((r) => r.item.id) });
      }
      const needed = a.atLeast ?? top.length;
      const others = top.filter((r) => !matching.includes(r)).map((r) => `${r.item.id} (rank ${r.rank})`);
      if (matching.length >= needed) return pass(a, `${of} match${note}`);
      return fail(a, `${of} match; not matching: ${listIds(others)}${note}`, {
        items: top.filter((r) => !matching.includes(r)).map((r) => r.item.id),
      });
    }
    case 'count': {
      if (count === null) return fail(a, 'the answer has no count');
      const lower = response.metadata.exactCount === false ? ' (a lower bound: the service did not count exactly)' : '';
      const below = a.min !== undefined && count < a.min;
      const above = a.max !== undefined && count > a.max && response.metadata.exactCount !== false;
      if (!below && !above) return pass(a, `the count is ${count.toLocaleString('en-US')}${lower}`);
      return fail(a, `the count is ${count.toLocaleString('en-US')}${lower}`);
    }
    case 'notEmpty':
      return list.length > 0 || (count ?? 0) > 0
        ? pass(a, `the answer has ${(count ?? list.length).toLocaleString('en-US')} items`)
        : fail(a, `the answer is empty${(response.items ?? []).some((i) => i.redirect) ? ' (it only redirects)' : ''}`);
    case 'redirect': {
      const found = (response.items ?? []).find((i) => i.redirect)?.redirect;
      if (!found) return fail(a, 'the answer triggered no redirect');
      const url = typeof found.url === 'string' ? found.url : '';
      return matchGlob(a.url, url)
        ? pass(a, `the answer redirects to ${url}`)
        : fail(a, `the answer redirects to ${url || 'a redirect without a URL'}, which does not match ${a.url}`);
    }
    case 'facet': {
      const facets = response.metadata?.facets ?? [];
      const facet = facets.find((f) => f.id === a.id);
      if (!facet)
        return fail(
          a,
          facets.length === 0
            ? `the answer has no facets${answer.mask?.trim() ? ` (the request has a response mask: ${answer.mask.trim()})` : ''}`
            : `the answer has no facet ${a.id}; its facets are ${listIds(
                facets.map((f) => f.id),
                8,
              )}`,
        );
      if (a.value === undefined) {
        const min = a.minCount ?? 0;
        return facet.count >= min
          ? pass(a, `facet ${a.id} is in the answer with a count of ${facet.count}`)
          : fail(a, `facet ${a.id} has a count of ${facet.count}`);
      }
      const value = facet.values.find((v) => v.value === a.value);
      const min = a.minCount ?? 1;
      if (!value)
        return fail(
          a,
          `facet ${a.id} does not offer “${a.value}”; it offers ${listIds(
            facet.values.map((v) => `“${v.value}”`),
            8,
          )}`,
        );
      return value.count >= min
        ? pass(a, `facet ${a.id} offers “${a.value}” with ${value.count}`)
        : fail(a, `facet ${a.id} offers “${a.value}” with ${value.count}`);
    }
    default:
      return fail(a, `${anAssertion(a.type)} checks another kind of answer`);
  }
}

const normalizeText = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** Checks one assertion against one answer: passed or failed, with what was seen. */
export function evaluateAssertion(a: Assertion, answer: AnswerUnderTest): AssertionOutcome {
  if (!ASSERTION_KINDS[a.type].includes(answer.kind))
    return fail(a, `${anAssertion(a.type)} checks a ${ASSERTION_KINDS[a.type].join(' or ')} answer; this request is ${answer.kind}`);
  if (a.type === 'time') {
    if (answer.ms === null) return fail(a, 'the time of the answer is not known');
    const ms = Math.round(answer.ms);
    if (answer.ms <= a.maxMs) return pass(a, `the answer came in ${ms} ms`);
    return a.fail
      ? fail(a, `the answer came in ${ms} ms, over ${a.maxMs} ms`)
      : pass(a, `the answer came in ${ms} ms, over ${a.maxMs} ms (reported only: add "fail": true to fail on it)`, { warning: true });
  }
  if (answer.kind === 'search') return checkSearch(a, answer);
  if (answer.kind === 'suggest') {
    const groups = answer.response.groups ?? [];
    if (a.type === 'notEmpty') {
      const items = groups.reduce((n, g) => n + (g.items?.length ?? 0), 0);
      return items > 0
        ? pass(a, `the answer has ${plural(items, 'item')} in ${plural(groups.length, 'group')}`)
        : fail(a, 'every group is empty');
    }
    if (a.type === 'group') {
      const group = groups.find((g) => g.value === a.value);
      const min = a.minItems ?? 1;
      if (!group)
        return fail(
          a,
          `the answer has no group “${a.value}”; its groups are ${listIds(
            groups.map((g) => `“${g.value}”`),
            8,
          )}`,
        );
      const n = group.items?.length ?? 0;
      return n >= min
        ? pass(a, `group “${a.value}” has ${n} item${n === 1 ? '' : 's'}`, { items: (group.items ?? []).map((i) => i.id) })
        : fail(a, `group “${a.value}” has ${n} item${n === 1 ? '' : 's'}`);
    }
  }
  if (answer.kind === 'autocomplete') {
    const suggestions = (answer.response.suggestions ?? []).map((s) => s.suggestion);
    if (a.type === 'notEmpty')
      return suggestions.length ? pass(a, `${suggestions.length} suggestions`) : fail(a, 'the answer has no suggestion');
    if (a.type === 'suggestion') {
      const at = suggestions.findIndex((s) => normalizeText(s) === normalizeText(a.text));
      const shown = suggestions.slice(0, a.within ?? suggestions.length).map((s) => `“${s}”`);
      if (at >= 0 && (a.within === undefined || at < a.within)) return pass(a, `“${a.text}” is suggestion ${at + 1}`);
      return fail(
        a,
        at >= 0 ? `“${a.text}” is suggestion ${at + 1}` : `“${a.text}” is not suggested; the suggestions are ${listIds(shown, 8)}`,
      );
    }
  }
  return fail(a, `${anAssertion(a.type)} cannot be checked on a ${answer.kind} answer`);
}

/**
 * How deep an answer must go for these assertions: the largest k, rank or `within` (search: items; autocomplete:
 * suggestions). The runner asks for at least that many, and says when it had to ask for more than the request did.
 */
export function depthNeeded(assertions: readonly Assertion[]): number {
  let deepest = 0;
  for (const a of assertions) {
    if (a.type === 'inTop' || a.type === 'notInTop' || a.type === 'matchInTop' || a.type === 'noneInTop') deepest = Math.max(deepest, a.k);
    else if (a.type === 'atRank') deepest = Math.max(deepest, a.rank);
    else if (a.type === 'suggestion' && a.within !== undefined) deepest = Math.max(deepest, a.within);
  }
  return deepest;
}
