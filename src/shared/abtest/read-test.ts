import { asSentence, describeIssues, zodIssues } from '../zod';
import { type AbTest, abTestSchema } from './test';

/** A test file's text read and checked: the test, or what is wrong with it, each field named. */
export function parseAbTest(text: string, name: string): { ok: true; test: AbTest } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return {
      ok: false,
      message: `${name} is not JSON: ${(err as Error).message}. An A/B test file is { id, name, variations: [{ id, weight }], start }.`,
    };
  }
  const parsed = abTestSchema.safeParse(json);
  if (parsed.success) return { ok: true, test: parsed.data };
  return { ok: false, message: asSentence(`${name} is not an A/B test: ${describeIssues(zodIssues(parsed.error), 5)}`) };
}
