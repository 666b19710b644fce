/**
 * A glob where `*` stands for any characters (none included) and everything else for itself, matched without
 * building a regular expression from the pattern: the pattern comes from a suite file (untrusted), and a
 * regular expression built from it could backtrack for ever. The literal pieces between the stars are found
 * in order, each at its leftmost place — for `*`-only globs that is exact — so the work is a handful of
 * substring searches, linear in practice.
 */
export function matchGlob(pattern: string, text: string): boolean {
  const pieces = pattern.split('*');
  if (pieces.length === 1) return pattern === text;
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  if (first.length + last.length > text.length) return false;
  if (!text.startsWith(first) || !text.endsWith(last)) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const piece = pieces[i]!;
    if (piece === '') continue;
    const found = text.indexOf(piece, at);
    if (found < 0 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return true;
}
