import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bindIntent, compileRules, suggestRating } from '../../../../src/shared/judgments/rules';
import { printFilter } from '../../../../src/shared/filter/printer';

const rules = (list: unknown) => {
  const read = compileRules(list);
  if (!read.ok) throw new Error(read.message);
  return read.rules;
};

const RULES = rules([
  { name: 'colour and category match', when: 'category = $intent.category AND colour = $intent.colour', rating: 3 },
  { name: 'the category, another colour', when: 'category = $intent.category AND colour != $intent.colour', rating: 1 },
  { name: 'the category', when: 'category = $intent.category', rating: 2 },
]);

describe('rating rules with $intent placeholders', () => {
  it('gives the first rule that matches, with its name', () => {
    const intent = { category: 'Dresses', colour: 'Red' };
    expect(suggestRating(RULES, intent, { category: 'Dresses', colour: 'Red' })).toEqual({
      rating: 3,
      rule: 'colour and category match',
      index: 1,
    });
    expect(suggestRating(RULES, intent, { category: 'Dresses', colour: 'Blue' })).toEqual({
      rating: 1,
      rule: 'the category, another colour',
      index: 2,
    });
    expect(suggestRating(RULES, intent, { category: 'Shoes', colour: 'Red' })).toBeNull();
  });

  it('skips a rule whose placeholder the query’s intent lacks', () => {
    // No colour in the intent: the two colour rules are skipped, the category rule decides.
    expect(suggestRating(RULES, { category: 'Dresses' }, { category: 'Dresses', colour: 'Blue' })).toMatchObject({ rating: 2, index: 3 });
    expect(suggestRating(RULES, {}, { category: 'Dresses' })).toBeNull();
  });

  it('reads several values as any of them (= is an OR, != an AND), on list attributes too', () => {
    const r = rules([
      { when: 'gender = $intent.gender', rating: 3 },
      { when: 'tags != $intent.tags', rating: 0 },
    ]);
    const gender = ['Women', 'Unisex'];
    expect(suggestRating(r, { gender }, { gender: 'Unisex' })).toMatchObject({ rating: 3, rule: 'gender = $intent.gender' });
    expect(suggestRating(r, { gender }, { gender: 'Men' })).toBeNull();
    expect(suggestRating(r, { tags: ['sale', 'new'] }, { tags: ['waterproof'] })).toMatchObject({ rating: 0 });
    expect(suggestRating(r, { tags: ['sale', 'new'] }, { tags: ['new'] })).toBeNull();
    const bound = bindIntent(r[0]!.ast, { gender });
    expect(bound && printFilter(bound)).toBe("gender = 'Women' OR gender = 'Unisex'");
  });

  it('refuses a rules file with a bad filter or rating, naming the rule', () => {
    expect(compileRules([{ when: 'category = ', rating: 3, name: 'broken' }])).toMatchObject({
      ok: false,
      index: 1,
      message: expect.stringContaining('rule 1 (broken)'),
    });
    expect(compileRules([{ when: 'a = 1', rating: 12 }])).toMatchObject({ ok: false, message: expect.stringContaining('rating') });
    expect(compileRules({ rules: [{ when: 'a = 1', rating: 1, extra: true }] })).toMatchObject({ ok: false });
    expect(compileRules({ name: 'x', rules: [] })).toEqual({ ok: true, rules: [] });
  });

  it('reads the demo rules shipped in examples/', () => {
    const file = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../examples/rules/demo-rules.json'), 'utf8'));
    const demo = rules(file);
    expect(demo.length).toBeGreaterThan(10);
    const item = { kind: 'product', category: 'Jackets', colour: 'Black', brand: 'Korvo', gender: 'Women', tags: ['waterproof'], stock: 4 };
    expect(suggestRating(demo, { category: 'Jackets', colour: 'Black' }, item)).toMatchObject({
      rating: 3,
      rule: 'colour and category match',
    });
    expect(suggestRating(demo, { category: 'Jackets', colour: 'Red' }, item)).toMatchObject({
      rating: 1,
      rule: 'the category, another colour',
    });
    expect(suggestRating(demo, { category: 'Jackets' }, { ...item, stock: 0 })).toMatchObject({
      rating: 1,
      rule: 'the category, out of stock',
    });
    expect(suggestRating(demo, { category: 'Hoodies' }, item)).toMatchObject({ rating: 0, rule: 'another category' });
    expect(suggestRating(demo, {}, item)).toBeNull();
  });
});
