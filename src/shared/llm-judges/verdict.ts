/**
 * A judge's answer: a JSON object `{ "rating": integer, "reason": string }`, asked for with `response_format` (a JSON
 * schema, strict) and checked again here — an endpoint may ignore the format. An answer that does not read, or rates
 * off the scale, is no verdict: it is never turned into a rating.
 */

/** The `response_format` sent with every request: the verdict's JSON schema on the list's scale. */
export function verdictFormat(max: number) {
  return {
    type: 'json_schema' as const,
    json_schema: {
      name: 'verdict',
      strict: true,
      schema: {
        type: 'object',
        properties: {
          rating: { type: 'integer', minimum: 0, maximum: max },
          reason: { type: 'string' },
        },
        required: ['rating', 'reason'],
        additionalProperties: false,
      },
    },
  };
}

export type Verdict = { ok: true; rating: number; reason: string } | { ok: false; problem: string };

/** The longest reason kept: a judge that writes an essay is cut, not refused. */
export const MAX_REASON = 500;

/**
 * The verdict in an answer's text, on a scale of 0..max. A JSON object is read as sent, or from inside a fenced code
 * block (a model that wraps its JSON in ```json … ```); anything else is a problem, said in words.
 */
export function readVerdict(text: string | null | undefined, max: number): Verdict {
  if (text === null || text === undefined || !text.trim()) return { ok: false, problem: 'the answer is empty' };
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
  let value: unknown;
  try {
    value = JSON.parse(fenced ? fenced[1]! : text);
  } catch {
    return { ok: false, problem: `the answer is not JSON: ${JSON.stringify(text.slice(0, 80))}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, problem: 'the answer is not a JSON object' };
  const { rating, reason } = value as Record<string, unknown>;
  if (typeof rating !== 'number' || !Number.isInteger(rating))
    return { ok: false, problem: `the rating is not a whole number: ${JSON.stringify(rating) ?? 'missing'}` };
  if (rating < 0 || rating > max) return { ok: false, problem: `the rating ${rating} is off the scale 0–${max}` };
  if (typeof reason !== 'string') return { ok: false, problem: 'the answer has no reason' };
  return { ok: true, rating, reason: reason.trim().slice(0, MAX_REASON) };
}
