import { z } from 'zod';
import { walk, type Comparison, type FilterNode, matches, type Attributes, parseFilter } from '../filter';
import { MAX_RATING_LIMIT } from './limits';

/**
 * Rating rules: what a merchandiser already knows ("for 'red dress', a red
 * item in Dresses is perfect; another colour is marginal") said once, as an
 * ordered list of filters over the item's attributes with `$intent.<name>`
 * standing for what the query means. The first rule that matches gives the
 * suggested rating; a rule naming an intent the query lacks is skipped for
 * that query; no rule matching, no suggestion. Filters are the shared filter
 * language, evaluated by the one filter evaluator.
 */

/** What a shopper means by a query: attribute → value, or values any of which fits. */
export const intentSchema = z.record(
  z.string().trim().min(1).max(100),
  z.union([z.string().trim().min(1).max(500), z.array(z.string().trim().min(1).max(500)).min(1).max(50)]),
);
export type Intent = z.output<typeof intentSchema>;

/**
 * An intent's own value for an attribute — never one an object inherits: `$intent.toString`,
 * `$intent.constructor` or `$intent.__proto__` name no attribute of the intent, so a rule naming them is skipped.
 */
export function intentValue(intent: Intent, attribute: string): string | string[] | undefined {
  return Object.hasOwn(intent, attribute) ? intent[attribute] : undefined;
}

/** Sets an intent's attribute as an own property, whatever its name (`__proto__` too: never the object's prototype). */
export function setIntentValue(intent: Intent, attribute: string, value: string | string[]): void {
  Object.defineProperty(intent, attribute, { value, enumerable: true, writable: true, configurable: true });
}

export const ratingRuleSchema = z.strictObject({
  when: z.string().trim().min(1, 'a rule needs its filter, like category = $intent.category').max(10_000),
  rating: z.int().min(0).max(MAX_RATING_LIMIT),
  name: z.string().trim().min(1).max(200).optional(),
});
export type RatingRule = z.output<typeof ratingRuleSchema>;

/**
 * The most a rules file may hold: rules, and characters of filters over all of them. Every pooled item of every
 * query is held against the rules in turn, so their total size is the cost of rating one item (1,000 rules of
 * 10,000 characters each took 27.7 s for one query).
 */
export const RULES_LIMITS = { rules: 1000, characters: 100_000 } as const;

/** A rules file: the rules alone, or `{ "rules": [...] }` (with a name). */
export const rulesFileSchema = z.union([
  z.array(ratingRuleSchema).max(RULES_LIMITS.rules),
  z.looseObject({ name: z.string().optional(), rules: z.array(ratingRuleSchema).max(RULES_LIMITS.rules) }),
]);

const PLACEHOLDER = /^\$intent\.(.+)$/;

export interface CompiledRule {
  rule: RatingRule;
  /** The rule's name, or its filter when it has none: what a suggestion says it came from. */
  label: string;
  ast: FilterNode;
  /** The intent attributes the rule names. */
  needs: string[];
}

export type RulesRead = { ok: true; rules: CompiledRule[] } | { ok: false; message: string; index?: number };

/** Rules checked and parsed once: each problem with the rule's place (1-based) and the parser's words. */
export function compileRules(input: unknown): RulesRead {
  // Counted before the schema, which reads an over-long list of either shape only as "Invalid input".
  const given = Array.isArray(input) ? input : (input as { rules?: unknown } | null)?.rules;
  if (Array.isArray(given) && given.length > RULES_LIMITS.rules)
    return {
      ok: false,
      message: `the file holds ${given.length.toLocaleString('en-US')} rules, over the ${RULES_LIMITS.rules.toLocaleString('en-US')} a rules file may hold: every item is held against every rule.`,
    };
  const parsed = rulesFileSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `not a rules file: ${issue?.path.join('.') || 'the file'}: ${issue?.message ?? 'unreadable'}` };
  }
  const list = Array.isArray(parsed.data) ? parsed.data : parsed.data.rules;
  const characters = list.reduce((n, r) => n + r.when.length, 0);
  if (characters > RULES_LIMITS.characters)
    return {
      ok: false,
      message: `the rules' filters hold ${characters.toLocaleString('en-US')} characters in all, over the ${RULES_LIMITS.characters.toLocaleString('en-US')} a rules file may hold: every item is held against every rule, so keep them short.`,
    };
  const rules: CompiledRule[] = [];
  for (const [i, rule] of list.entries()) {
    const { ast, diagnostics } = parseFilter(rule.when);
    const error = diagnostics.find((d) => d.severity === 'error');
    if (error || !ast)
      return { ok: false, index: i + 1, message: `rule ${i + 1} (${rule.name ?? rule.when}): ${error?.message ?? 'an empty filter'}` };
    const needs = new Set<string>();
    walk(ast, (c) => {
      const m = PLACEHOLDER.exec(String(c.value.value));
      if (c.value.kind === 'word' && m) needs.add(m[1]!);
    });
    rules.push({ rule, label: rule.name ?? rule.when, ast, needs: [...needs] });
  }
  return { ok: true, rules };
}

/**
 * The filter with the query's intent in place of each `$intent.<name>`: a
 * value as text; several values as any of them (`=`: OR of each; `!=`: AND
 * of each); null when the intent lacks a name the rule needs.
 */
export function bindIntent(ast: FilterNode, intent: Intent): FilterNode | null {
  if (ast.type !== 'compare') {
    const children: FilterNode[] = [];
    for (const child of ast.children) {
      const bound = bindIntent(child, intent);
      if (!bound) return null;
      children.push(bound);
    }
    return { ...ast, children };
  }
  const m = ast.value.kind === 'word' ? PLACEHOLDER.exec(String(ast.value.value)) : null;
  if (!m) return ast;
  const wanted = intentValue(intent, m[1]!);
  if (wanted === undefined) return null;
  const values = Array.isArray(wanted) ? wanted : [wanted];
  const one = (value: string): Comparison => ({ ...ast, value: { ...ast.value, kind: 'string', value } });
  if (values.length === 1) return one(values[0]!);
  return { type: ast.op.value === '!=' ? 'and' : 'or', children: values.map(one), range: ast.range };
}

export interface Suggestion {
  rating: number;
  /** The rule's name (or filter). */
  rule: string;
  /** Its place in the list, 1-based. */
  index: number;
}

/** The first rule that matches the item for the query's intent, as a suggestion; null when none does. */
export function suggestRating(rules: readonly CompiledRule[], intent: Intent, item: Attributes): Suggestion | null {
  for (const [i, r] of rules.entries()) {
    if (r.needs.some((name) => intentValue(intent, name) === undefined)) continue;
    const bound = bindIntent(r.ast, intent);
    if (bound && matches(bound, item)) return { rating: r.rule.rating, rule: r.label, index: i + 1 };
  }
  return null;
}
