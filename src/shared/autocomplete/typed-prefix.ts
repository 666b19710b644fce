import type { WorkbenchError } from '../errors';

/**
 * How much of a suggestion the typed query covers: the length of the
 * suggestion's prefix that matches it, ignoring case and runs of spaces, or
 * -1 when the suggestion does not extend the query (the interface says every
 * suggestion does, so that is worth flagging).
 */
export function typedPrefixLength(suggestion: string, typed: string): number {
  const query = typed.replace(/^\s+/, '');
  let i = 0;
  let j = 0;
  while (j < query.length) {
    const q = query[j] as string;
    const s = suggestion[i];
    if (/\s/.test(q)) {
      // Spaces at the end of what was typed: the service trims them, so they need not match.
      if (s === undefined || !/\s/.test(s)) return /^\s*$/.test(query.slice(j)) ? i : -1;
      while (j < query.length && /\s/.test(query[j] as string)) j++;
      while (i < suggestion.length && /\s/.test(suggestion[i] as string)) i++;
      continue;
    }
    if (s === undefined || q.toLocaleLowerCase() !== s.toLocaleLowerCase()) return -1;
    i++;
    j++;
  }
  return i;
}

/** The interface's three prerequisites for autocomplete (a beta feature), in the order a team sets them up. */
export const AUTOCOMPLETE_PREREQUISITES = [
  {
    title: 'Search in place',
    detail: 'A working search implementation: autocomplete suggests earlier queries that returned results.',
  },
  {
    title: 'Usage tracking',
    detail:
      'Usage tracking enabled and implemented by the storefront, so the service knows which queries shoppers ran (last week by default).',
  },
  {
    title: 'Operator activation',
    detail: 'The operator of the service activates autocomplete for the tenant; ask them once the two above are in place.',
  },
] as const;

/** Whether a failed autocomplete call means "not activated for this tenant" rather than a bad request. */
export function isAutocompleteNotActivated(error: WorkbenchError): boolean {
  const status = error.details?.status;
  const text = `${error.details?.serviceMessage ?? ''} ${error.message}`.toLowerCase();
  if (/not[\s-]+(activated|enabled)|autocomplete-not-activated|beta feature/.test(text)) return true;
  return (status === 403 || status === 404 || status === 501) && /autocomplete/.test(text);
}
