import type { Assertion, AutocompleteResponse, SearchRequest, SearchResponse, SuggestResponse } from '@shared/request';

/** One way to turn what is on screen into an expectation: its label in the menu, and the assertion it adds. */
export interface ExpectChoice {
  label: string;
  assertion: Assertion;
}

/** "Expect…" on a result: keep it in the top N (N = its rank, at least 3), keep it out of the top 10, keep it above another. */
export function itemChoices(id: string, rank: number, others: readonly { id: string; rank: number }[]): ExpectChoice[] {
  const k = Math.max(3, rank);
  const choices: ExpectChoice[] = [{ label: `Must stay in the top ${k}`, assertion: { type: 'inTop', id, k } }];
  // Wanted gone from the top: true of the answer to come, not of this one (it fails until the ranking is fixed).
  choices.push({ label: `Must not reach the top 10${rank <= 10 ? ' (fails now)' : ''}`, assertion: { type: 'notInTop', id, k: 10 } });
  if (rank === 1) choices.push({ label: 'Must stay first', assertion: { type: 'atRank', id, rank: 1 } });
  for (const other of others.filter((o) => o.id !== id && o.rank > rank).slice(0, 3))
    choices.push({ label: `Must rank above ${other.id} (now #${other.rank})`, assertion: { type: 'above', id, other: other.id } });
  return choices;
}

/** "Expect…" on the answer as a whole: its count, that it is not empty, its redirect, its facets, its filter. */
export function answerChoices(response: SearchResponse, sent: SearchRequest, ms: number | null): ExpectChoice[] {
  const choices: ExpectChoice[] = [];
  const count = response.metadata?.count ?? 0;
  const redirect = (response.items ?? []).find((i) => i.redirect)?.redirect?.url;
  if (redirect) choices.push({ label: `Must redirect to ${redirect}`, assertion: { type: 'redirect', url: redirect } });
  if (count > 0) {
    choices.push({ label: 'Must not be empty', assertion: { type: 'notEmpty' } });
    const min = Math.max(1, Math.floor(count / 2));
    choices.push({ label: `Count between ${min} and ${count * 2}`, assertion: { type: 'count', min, max: count * 2 } });
  } else choices.push({ label: 'Must stay empty', assertion: { type: 'count', max: 0 } });
  const filter = sent.options?.filter?.trim();
  const shown = (response.items ?? []).filter((i) => !i.redirect).length;
  if (filter && shown > 0) {
    const k = Math.min(10, shown);
    choices.push({ label: `Every one of the top ${k} matches the filter`, assertion: { type: 'matchInTop', filter, k } });
  }
  for (const facet of (response.metadata?.facets ?? []).slice(0, 3)) {
    const top = facet.values[0];
    if (top)
      choices.push({
        label: `Facet ${facet.id} offers “${top.value}”`,
        assertion: { type: 'facet', id: facet.id, value: String(top.value), minCount: 1 },
      });
  }
  return [...choices, ...timeChoice(ms)];
}

/** "Answers within twice today's time (rounded up to 100 ms)": reported, a failure only when the file says so. */
function timeChoice(ms: number | null): ExpectChoice[] {
  if (ms === null) return [];
  const maxMs = Math.max(100, Math.ceil((ms * 2) / 100) * 100);
  return [{ label: `Answers within ${maxMs} ms (reported)`, assertion: { type: 'time', maxMs } }];
}

/** "Expect…" on a product-suggest answer: each group keeps at least the items it has now, the answer is not empty. */
export function suggestChoices(response: SuggestResponse, ms: number | null): ExpectChoice[] {
  const groups = response.groups ?? [];
  const choices: ExpectChoice[] = [];
  if (groups.some((g) => (g.items?.length ?? 0) > 0)) choices.push({ label: 'Must not be empty', assertion: { type: 'notEmpty' } });
  for (const g of groups.slice(0, 8)) {
    const n = g.items?.length ?? 0;
    if (n > 0)
      choices.push({
        label: `Group “${g.value}” keeps at least ${n} item${n === 1 ? '' : 's'}`,
        assertion: { type: 'group', value: String(g.value), minItems: n },
      });
  }
  return [...choices, ...timeChoice(ms)];
}

/** One suggestion kept where it is: within the first N (N = its place, at least 3). */
export function suggestionChoice(text: string, place: number): ExpectChoice {
  const within = Math.max(3, place);
  return { label: `“${text}” stays within the first ${within}`, assertion: { type: 'suggestion', text, within } };
}

/** "Expect…" on an autocomplete answer: the first suggestions stay where they are, the answer is not empty. */
export function autocompleteChoices(response: AutocompleteResponse, ms: number | null): ExpectChoice[] {
  const suggestions = response.suggestions ?? [];
  const choices: ExpectChoice[] = [];
  if (suggestions.length) choices.push({ label: 'Must suggest something', assertion: { type: 'notEmpty' } });
  suggestions.slice(0, 5).forEach((s, i) => choices.push(suggestionChoice(s.suggestion, i + 1)));
  return [...choices, ...timeChoice(ms)];
}
