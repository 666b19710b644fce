import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../../src/main/emulator/catalog/generate';
import { DEMO_QUERIES, intentOf } from '../../../../src/main/emulator/catalog/demo-queries';
import { intentScore, intentText, parseIntentText, proposeIntent, stem } from '../../../../src/shared/judgments/intent';

const FACETS = [
  {
    attribute: 'category',
    values: ['Dresses', 'Road Running Shoes', 'Trail Running Shoes', 'Caps & Beanies', 'T-Shirts', 'Kids Jackets', 'Jackets'],
  },
  { attribute: 'colour', values: ['Red', 'Black', 'Navy'] },
  { attribute: 'gender', values: ['Women', 'Men', 'Kids', 'Unisex'] },
  { attribute: 'price', values: ['0-50', '50-100'] },
  { attribute: 'sizes', values: ['S', 'M', 'L', 'XL'] },
];

describe('intent proposed from the query and the catalog’s facet values', () => {
  it('finds whole values, in the catalog’s spelling, plurals folded', () => {
    expect(proposeIntent('Red  dress', FACETS)).toEqual({ category: 'Dresses', colour: 'Red' });
    expect(proposeIntent('tshirt men', FACETS)).toEqual({ category: 'T-Shirts', gender: 'Men' });
    expect(proposeIntent('beanie', FACETS)).toEqual({ category: 'Caps & Beanies' });
  });

  it('names every value that ends with the query’s words when none is whole', () => {
    expect(proposeIntent('women’s running shoes', FACETS)).toEqual({
      category: ['Road Running Shoes', 'Trail Running Shoes'],
      gender: 'Women',
    });
  });

  it('reads a possessive as the word it follows, not as a size "S"', () => {
    expect(proposeIntent("men's jacket", FACETS)).toEqual({ category: 'Jackets', gender: 'Men' });
    expect(proposeIntent('women’s red dress', FACETS)).toEqual({ category: 'Dresses', colour: 'Red', gender: 'Women' });
    expect(proposeIntent('black jacket size s', FACETS)).toEqual({ category: 'Jackets', colour: 'Black', sizes: 'S' });
  });

  it('leaves a word inside a longer value of another attribute to that one, and never proposes numbers', () => {
    expect(proposeIntent('navy kids jacket', FACETS)).toEqual({ category: 'Kids Jackets', colour: 'Navy' });
    expect(proposeIntent('50-100 jacket', FACETS)).toEqual({ category: 'Jackets' });
    expect(proposeIntent('gift card', FACETS)).toEqual({});
  });

  it('folds plurals the same way on both sides', () => {
    expect(['dresses', 'hoodies', 'hoodie', 'boxes', 'berries', 'berry', 'bus'].map(stem)).toEqual([
      'dress',
      'hoodie',
      'hoodie',
      'box',
      'berrie',
      'berrie',
      'bus',
    ]);
  });

  it('on the demo catalog, is right on every value it proposes for the demo query set’s known intents', () => {
    const items = generateCatalog({ items: 20_000 });
    // Every text facet the demo configurations return, sizes (S, M, L) included: a possessive is not a size.
    const facets = ['category', 'colour', 'brand', 'gender', 'tags', 'sizes'].map((attribute) => ({
      attribute,
      values: [...new Set(items.flatMap((i) => i[attribute as keyof typeof i] as string | string[]))].map(String),
    }));
    const total = { proposed: 0, right: 0, known: 0, found: 0 };
    for (const q of DEMO_QUERIES) {
      const s = intentScore(proposeIntent(q.query, facets), intentOf(q.intent));
      for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += s[k];
    }
    const precision = total.right / total.proposed;
    const recall = total.found / total.known;
    // Reported in the closing note: 160 of 160 proposed values right (100%); 160 of 182 known values found (88%) —
    // the rest are misspellings, synonyms (parka, daypack) and the Unisex the demo rule adds to Women and Men.
    console.info(`intent proposal on the demo query set: precision ${total.right}/${total.proposed}, recall ${total.found}/${total.known}`);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.8);
  });
});

describe('an intent as a line a person edits', () => {
  it('writes and reads attribute: value; several values comma-separated', () => {
    const intent = { category: 'Jackets', gender: ['Women', 'Unisex'] };
    expect(intentText(intent)).toBe('category: Jackets; gender: Women, Unisex');
    expect(parseIntentText('category: Jackets;  gender : Women, Unisex ;')).toEqual({ ok: true, intent });
    expect(parseIntentText('')).toEqual({ ok: true, intent: {} });
    expect(parseIntentText('category Jackets')).toMatchObject({ ok: false, message: expect.stringContaining('"category Jackets"') });
    expect(parseIntentText('colour: Red; colour: Blue')).toMatchObject({ ok: false, message: expect.stringContaining('twice') });
  });
});
