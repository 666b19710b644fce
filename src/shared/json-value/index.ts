/** A JSON object (not null, not an array). */
export const isJsonObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How a value reads in an error message: "null", "an array", "an object", or its type and value ("number 3"). */
export const describeValue = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`;

/**
 * How deeply a value nests objects and arrays (a bare value is 0, `{}` is 1),
 * counted without recursion so any depth is safe; counting stops just past
 * `limit`, which also ends cycles.
 */
export function nestingDepth(value: unknown, limit: number): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, above] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    const depth = above + 1;
    if (depth > max) max = depth;
    if (max > limit) return max;
    for (const child of Object.values(v)) stack.push([child, depth]);
  }
  return max;
}

/** A surrogate half without its other half: text JSON can carry as an escape (`"\ud800"`) but no UTF-8 can store. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first string (a value or a key) in a parsed JSON value that is not well-formed Unicode, or undefined; walked
 * without recursion, no deeper than `limit` levels (what is deeper is for `nestingDepth` to refuse).
 */
export function illFormedText(value: unknown, limit: number): string | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return v;
      continue;
    }
    if (v === null || typeof v !== 'object' || depth >= limit) continue;
    for (const [key, child] of Object.entries(v)) {
      if (LONE_SURROGATE.test(key)) return key;
      stack.push([child, depth + 1]);
    }
  }
  return undefined;
}

/** Where JSON.parse stopped in `text`, from its message, when it says. */
export function jsonErrorPosition(err: unknown, text: string): number | undefined {
  const message = err instanceof Error ? err.message : String(err);
  const match = /position (\d+)/.exec(message);
  if (match) return Number(match[1]);
  if (/Unexpected end of JSON input/.test(message)) return text.length;
  return undefined;
}

/**
 * JSON text parsed, or an error naming `name` and where the text stops being JSON — never the text itself (the
 * engine's own message quotes the first characters, and a file may hold a secret).
 */
export function parseJsonText(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const position = jsonErrorPosition(err, text);
    const where = position !== undefined ? ` at position ${position} (line ${text.slice(0, position).split('\n').length})` : '';
    throw new Error(`${name} is not valid JSON${where}.`);
  }
}

/**
 * Levels of objects and arrays a service's answer may nest: a search answer nests about eight (the answer, its items,
 * an item's attributes, a value's list); what nests deeper is refused by name before anything walks it.
 */
export const MAX_ANSWER_DEPTH = 64;

export const answerTooDeep = (status: number): string =>
  `The service answered ${status} with JSON nested more than ${MAX_ANSWER_DEPTH} levels deep: the workbench reads answers up to ${MAX_ANSWER_DEPTH} levels, as it sends requests.`;
