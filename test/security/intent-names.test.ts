/**
 * `$intent.<name>` resolves only the intent's own attributes: `$intent.toString`, `$intent.constructor` and
 * `$intent.__proto__` are "not in the intent" and skip the rule, as documented — before, `brand != $intent.toString`
 * rated every pooled item, because every object has a toString.
 */
import { describe, expect, it } from 'vitest';
import { intentScore, parseIntentText } from '../../src/shared/judgments/intent';
import { compileRules, intentValue, suggestRating, type Intent } from '../../src/shared/judgments/rules';

const rules = (when: string) => {
  const read = compileRules([{ when, rating: 2, name: when }]);
  if (!read.ok) throw new Error(read.message);
  return read.rules;
};

const item = { id: 'SKU-1', brand: 'Korvo', category: 'Jackets' };

describe('$intent names that every object inherits', () => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', '__defineGetter__'])(
    '$intent.%s is not in an intent that does not name it: the rule is skipped, no suggestion',
    (name) => {
      const intent: Intent = { category: 'Jackets' };
      expect(suggestRating(rules(`brand != $intent.${name}`), intent, item)).toBeNull();
      expect(suggestRating(rules(`brand = $intent.${name}`), intent, item)).toBeNull();
      expect(intentValue(intent, name)).toBeUndefined();
    },
  );

  it('an intent that does name such an attribute is read as written (its own property)', () => {
    const intent = parseIntentText('constructor: Korvo; __proto__: Jackets');
    if (!intent.ok) throw new Error(intent.message);
    expect(Object.getPrototypeOf(intent.intent)).toBe(Object.prototype);
    expect(intentValue(intent.intent, 'constructor')).toBe('Korvo');
    expect(intentValue(intent.intent, '__proto__')).toBe('Jackets');
    expect(suggestRating(rules('brand = $intent.constructor'), intent.intent, item)).toMatchObject({ rating: 2 });
    expect(suggestRating(rules('category = $intent.__proto__'), intent.intent, item)).toMatchObject({ rating: 2 });
  });

  it('"toString: x" is not refused as given twice; scores count own attributes only', () => {
    expect(parseIntentText('toString: Korvo')).toMatchObject({ ok: true, intent: { toString: 'Korvo' } });
    expect(intentScore({ category: 'Jackets' }, { constructor: 'x' } as Intent)).toMatchObject({ proposed: 1, right: 0 });
    expect(intentScore({ toString: 'a' } as Intent, { category: 'Jackets' })).toMatchObject({ right: 0, found: 0 });
  });
});
