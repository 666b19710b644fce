import { isJsonObject } from '@shared/json-value';
import { contextVariablesSchema, type ContextValue } from '@shared/request';

/** Context variables typed as JSON (a Compare side, the Search builder's editor), or the reason it cannot be used (naming the variable when one has a type the service does not take). */
export function parseVariables(
  text: string,
): { ok: true; value: Record<string, ContextValue> | undefined } | { ok: false; message: string } {
  if (!text.trim()) return { ok: true, value: undefined };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `Context variables are not valid JSON: ${(err as Error).message}` };
  }
  if (!isJsonObject(parsed)) return { ok: false, message: 'Context variables must be a JSON object, like {"segment": "premium"}.' };
  const typed = contextVariablesSchema.safeParse(parsed);
  if (typed.success) return { ok: true, value: typed.data };
  const issue = typed.error.issues[0];
  return {
    ok: false,
    message: `Context variable ${String(issue?.path[0] ?? '')} ${issue?.message ?? 'has a type the service does not take'}`,
  };
}
