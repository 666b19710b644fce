/**
 * How text is turned into index terms, the same at indexing and at query
 * time: lower case, common English stop words dropped, plural endings
 * folded ("shoes" finds "shoe", "dresses" finds "dress").
 */

const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'built',
  'by',
  'for',
  'from',
  'in',
  'is',
  'it',
  'made',
  'of',
  'on',
  'or',
  'our',
  'the',
  'this',
  'to',
  'with',
]);

export function stem(term: string): string {
  if (term.length <= 3) return term;
  if (/(?:sses|ches|shes|xes|zes)$/.test(term)) return term.slice(0, -2);
  if (term.endsWith('s') && !/(?:ss|us|is)$/.test(term)) return term.slice(0, -1);
  return term;
}

export function processTerm(term: string): string | null {
  const t = term.toLowerCase();
  if (STOP_WORDS.has(t)) return null;
  return stem(t);
}

/** MiniSearch's tokenizer: runs of spaces and punctuation separate terms. */
const SPLIT = /[\n\r\p{Z}\p{P}]+/u;

/** A text's tokens, as MiniSearch splits them. */
export function tokenize(text: string): string[] {
  return text.split(SPLIT);
}

/** Query terms as the index holds them (stop words dropped, plurals folded). */
export function queryTerms(query: string): string[] {
  const out: string[] = [];
  for (const token of tokenize(query)) {
    const term = processTerm(token);
    if (term) out.push(term);
  }
  return out;
}
