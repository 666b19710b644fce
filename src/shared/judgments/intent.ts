import { queryKey } from './query-key';
import { intentValue, setIntentValue, type Intent } from './rules';

/**
 * An intent proposed from a query's text and the catalog's facet values: a
 * value of a facetable attribute that appears in the query — matched after
 * the judgment key normalisation, with plurals folded ("dresses" meets
 * "Dress") and hyphens either way ("tshirt" meets "T-Shirts") — is what the
 * shopper means, spelled as the catalog spells it. A value is found whole in
 * the query ("black hoodie": colour Black, category Hoodies); when no value
 * of an attribute is, two or more words of the query that end a value name
 * it ("running shoes": Road Running Shoes and Trail Running Shoes). The
 * user confirms or edits what is proposed.
 */

export interface FacetValues {
  attribute: string;
  values: readonly string[];
}

/**
 * A word without its plural ending, folded the same way on both sides: "dresses" → "dress", "hoodies" →
 * "hoodie", "berries" and "berry" → "berrie".
 */
export function stem(word: string): string {
  let w = word;
  if (w.length > 3 && /(ss|x|ch|sh|zz)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
  return /[^aeiou]y$/.test(w) ? `${w.slice(0, -1)}ie` : w;
}

// A possessive is the word it follows ("women's" is "women", not "women" and a size "S").
const words = (text: string) =>
  queryKey(text)
    .replace(/['’]s(?=[^\p{L}\p{N}]|$)/gu, '')
    .split(/[^\p{L}\p{N}&]+/u)
    .filter(Boolean)
    .map(stem);

/** A facet value worth proposing: text, not a number or a range ("50-100", "4.5"). */
const isTextValue = (value: string) => /\p{L}/u.test(value) && !/^[\d\s.,–\-<>+]+$/u.test(value);

function contains(haystack: readonly string[], needle: readonly string[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** What the query proposes, attribute by attribute; several values of one attribute as a list, any of which fits. */
export function proposeIntent(query: string, facets: readonly FacetValues[]): Intent {
  const q = words(query);
  const compact = new Set(q);
  const found: { attribute: string; value: string; w: string[] }[] = [];
  for (const { attribute, values } of facets) {
    // A value of alternatives ("Caps & Beanies") is named by any of them.
    const candidates = values
      .filter(isTextValue)
      .flatMap((value) => value.split(/\s+&\s+|\s*,\s*|\s+and\s+/i).map((part) => ({ value, w: words(part) })))
      .filter(({ w }) => w.length > 0);
    // Whole values in the query, the longest ones (a "Rain Jackets" value beats "Jackets" for "rain jacket").
    const whole = candidates.filter(({ w }) => contains(q, w) || compact.has(stem(w.join(''))));
    if (whole.length) {
      const longest = Math.max(...whole.map(({ w }) => w.length));
      found.push(...whole.filter(({ w }) => w.length === longest).map((c) => ({ attribute, ...c })));
      continue;
    }
    // Else query words that end a value name it (and every other value they end): two or more, or the last one.
    for (const c of candidates)
      for (let n = Math.min(c.w.length - 1, q.length); n >= 1; n--)
        if (contains(q, c.w.slice(-n))) {
          found.push({ attribute, value: c.value, w: c.w.slice(-n) });
          break;
        }
  }
  // A match inside a longer one of another attribute is that one's ("kids" in "Kids Jackets" is not a gender).
  const kept = found.filter((m) => !found.some((o) => o.attribute !== m.attribute && o.w.length > m.w.length && contains(o.w, m.w)));
  const intent: Intent = {};
  for (const { attribute } of facets) {
    const unique = [...new Set(kept.filter((m) => m.attribute === attribute).map((m) => m.value))];
    if (unique.length === 1) setIntentValue(intent, attribute, unique[0]!);
    else if (unique.length > 1) setIntentValue(intent, attribute, unique);
  }
  return intent;
}

/**
 * How a proposal compares with a known intent, value by value: each proposed
 * attribute value is right when the known intent has it for that attribute.
 */
export function intentScore(proposed: Intent, known: Intent): { proposed: number; right: number; known: number; found: number } {
  const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  let proposedCount = 0;
  let right = 0;
  let knownCount = 0;
  let found = 0;
  for (const [attribute, value] of Object.entries(proposed)) {
    const truth = new Set(list(intentValue(known, attribute)));
    for (const v of list(value)) {
      proposedCount++;
      if (truth.has(v)) right++;
    }
  }
  for (const [attribute, value] of Object.entries(known)) {
    const guess = new Set(list(intentValue(proposed, attribute)));
    for (const v of list(value)) {
      knownCount++;
      if (guess.has(v)) found++;
    }
  }
  return { proposed: proposedCount, right, known: knownCount, found };
}

/** An intent as one line a person edits: `category: Jackets; colour: Black, Navy` (several values: any of them). */
export function intentText(intent: Intent): string {
  return Object.entries(intent)
    .map(([attribute, value]) => `${attribute}: ${Array.isArray(value) ? value.join(', ') : value}`)
    .join('; ');
}

/** The line back as an intent; an empty line is no intent; a part without `attribute: value` is named. */
export function parseIntentText(text: string): { ok: true; intent: Intent } | { ok: false; message: string } {
  const intent: Intent = {};
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const colon = part.indexOf(':');
    const attribute = colon > 0 ? part.slice(0, colon).trim() : '';
    const values =
      colon > 0
        ? part
            .slice(colon + 1)
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean)
        : [];
    if (!attribute || values.length === 0)
      return { ok: false, message: `"${part}" is not "attribute: value": write it like category: Jackets; colour: Black, Navy.` };
    if (intentValue(intent, attribute) !== undefined)
      return { ok: false, message: `${attribute} is given twice: list its values once, comma-separated.` };
    setIntentValue(intent, attribute, values.length === 1 ? values[0]! : values);
  }
  return { ok: true, intent };
}
