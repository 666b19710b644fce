/**
 * The highlighted suggestion of the autocomplete list, kept as the suggestion itself and the prefix it was
 * offered for — not as a position in one answer. A newer answer for the same prefix (the same keystrokes sent
 * again after a token or count change, or a slow answer overtaken) keeps what the shopper arrowed to, wherever
 * it now stands, so Enter opens that suggestion; a different prefix starts with none.
 */
export interface Highlight {
  prefix: string;
  suggestion: string;
}

/** Where the highlight stands in the answer shown, or -1 when that answer is for another prefix or lacks it. */
export function highlightIndex(highlight: Highlight | null, prefix: string | undefined, suggestions: readonly string[]): number {
  if (!highlight || prefix === undefined || highlight.prefix !== prefix) return -1;
  return suggestions.indexOf(highlight.suggestion);
}

/** The highlight at `index` of the answer shown (none for an index outside it). */
export function highlightAt(index: number, prefix: string | undefined, suggestions: readonly string[]): Highlight | null {
  const suggestion = suggestions[index];
  return prefix === undefined || suggestion === undefined ? null : { prefix, suggestion };
}

/** ArrowDown / ArrowUp: the next or previous suggestion, wrapping; from none, the first or the last. */
export function stepHighlight(current: number, by: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return by === 1 ? 0 : count - 1;
  return (current + by + count) % count;
}
