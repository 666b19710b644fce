import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { generateCatalog, type CatalogItem } from '../../../../src/main/emulator/catalog/generate';
import { Random } from '../../../../src/main/emulator/catalog/random';
import { processTerm } from '../../../../src/main/emulator/engine/analyzer';
import { TEXT_FIELDS } from '../../../../src/main/emulator/engine/catalog-index';
import { shopperQueries } from '../../../../src/main/emulator/engine/usage-log';
import { TextIndex, type FieldWeights } from '../../../../src/main/emulator/engine/text-index';

/**
 * The text index must score exactly as MiniSearch did (the engine it
 * replaced): the reference below is the emulator's former text search —
 * MiniSearch, every term required, fuzzy at 0.8 when nothing matches — and
 * every score must be the same double, not merely close.
 */

type Doc = Record<string, unknown>;

function reference(docs: Doc[], fields: readonly string[]) {
  const mini = new MiniSearch<Doc>({
    idField: '__row',
    fields: [...fields],
    extractField: (doc, field) => {
      if (field === '__row') return docs.indexOf(doc);
      const value = doc[field];
      return Array.isArray(value) ? value.join(' ') : (value as string);
    },
    processTerm,
    searchOptions: { combineWith: 'AND', processTerm },
  });
  mini.addAll(docs);
  return (query: string, weights: FieldWeights): Map<number, number> => {
    const options = { fields: [...weights.fields], boost: { ...weights.boosts }, combineWith: 'AND' as const };
    let results = mini.search(query, options);
    let weight = 1;
    if (results.length === 0) {
      results = mini.search(query, { ...options, fuzzy: (term: string) => (term.length >= 4 ? 0.25 : false) });
      weight = 0.8;
    }
    return new Map(results.map((r) => [r.id as number, r.score * weight]));
  };
}

function build(docs: Doc[], fields: readonly string[]): TextIndex {
  return new TextIndex(docs.length, fields, (row, field) => {
    const value = (docs[row] as Doc)[field];
    return value == null ? undefined : Array.isArray(value) ? value.join(' ') : String(value);
  });
}

function asMap(result: { ids: Int32Array; scores: Float64Array }): Map<number, number> {
  return new Map(Array.from(result.ids, (id, k) => [id, result.scores[k] as number]));
}

function expectSame(actual: Map<number, number>, expected: Map<number, number>, query: string): void {
  expect(
    [...actual.keys()].sort((a, b) => a - b),
    `documents for "${query}"`,
  ).toEqual([...expected.keys()].sort((a, b) => a - b));
  for (const [id, score] of expected) expect(actual.get(id), `score of ${id} for "${query}"`).toBe(score);
}

const WORDS = [
  'red',
  'dress',
  'dresses',
  'shoe',
  'shoes',
  'running',
  'runner',
  'jacket',
  'jackets',
  'wool',
  'merino',
  'the',
  'and',
  'of',
  'trail',
  'rain',
  'waterproof',
  'boots',
  'boot',
  'navy',
  'linen',
  'cotton',
];

function randomText(rng: Random, words: number): string {
  const parts: string[] = [];
  for (let i = 0; i < words; i++) {
    let w = rng.pick(WORDS);
    if (rng.chance(0.1)) w = w.toUpperCase();
    parts.push(w + (rng.chance(0.15) ? rng.pick([',', '.', '!', ' -', '/']) : ''));
  }
  return parts.join(rng.chance(0.2) ? '  ' : ' ');
}

function randomDocs(rng: Random, n: number): Doc[] {
  return Array.from({ length: n }, () => ({
    title: randomText(rng, rng.int(1, 6)),
    brand: rng.chance(0.9) ? rng.pick(['Korvo', 'Halden', 'Arc Peak', 'Nord-Vale']) : undefined,
    tags: rng.chance(0.8) ? Array.from({ length: rng.int(0, 4) }, () => rng.pick(WORDS)) : null,
    description: randomText(rng, rng.int(0, 25)),
  }));
}

function typo(rng: Random, word: string): string {
  const i = rng.int(0, word.length - 1);
  switch (rng.int(0, 2)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i] + word.slice(i);
    default:
      return word.slice(0, i) + 'x' + word.slice(i + 1);
  }
}

describe('TextIndex scores exactly as the MiniSearch engine it replaced', () => {
  it('on random documents, random field weights and random queries (exact and fuzzy)', () => {
    const rng = new Random(11);
    const fields = ['title', 'brand', 'tags', 'description'];
    const docs = randomDocs(rng, 600);
    const index = build(docs, fields);
    const search = reference(docs, fields);
    let fuzzyQueries = 0;
    for (let q = 0; q < 400; q++) {
      const weights: FieldWeights = {
        fields: rng.sample(fields, rng.int(1, fields.length)),
        boosts: Object.fromEntries(fields.map((f) => [f, rng.pick([0.2, 0.4, 1, 1.5, 2, 3])])),
      };
      let query = randomText(rng, rng.int(1, 3));
      if (rng.chance(0.3))
        query = query
          .split(' ')
          .map((w) => (w.length >= 4 ? typo(rng, w) : w))
          .join(' ');
      const expected = search(query, weights);
      const actual = asMap(index.search(query, weights));
      expectSame(actual, expected, query);
      if (index.search(query, weights).ids.length > 0 && query.split(' ').some((w) => index.documentFrequency(processTerm(w) ?? '') === 0))
        fuzzyQueries++;
    }
    expect(fuzzyQueries, 'the fuzzy path was exercised').toBeGreaterThan(10);
  });

  it('on the demo catalog with the shoppers’ queries and misspellings of them', () => {
    const items = generateCatalog({ items: 2_000 });
    const docs = items as unknown as Doc[];
    const index = build(docs, TEXT_FIELDS);
    const search = reference(docs, TEXT_FIELDS);
    const weights: FieldWeights = {
      fields: ['title', 'brand', 'category', 'colour', 'tags', 'description'],
      boosts: { title: 3, brand: 2, category: 1.5, colour: 1.2, tags: 1, description: 0.4 },
    };
    const rng = new Random(5);
    const queries = shopperQueries(42).map((q) => q.query);
    for (const query of queries) {
      expectSame(asMap(index.search(query, weights)), search(query, weights), query);
      const misspelt = query
        .split(' ')
        .map((w) => (w.length >= 5 ? typo(rng, w) : w))
        .join(' ');
      expectSame(asMap(index.search(misspelt, weights)), search(misspelt, weights), misspelt);
    }
    expect(items.some((i: CatalogItem) => i.title.length > 0)).toBe(true);
  });

  it('answers nothing for stop words only, unknown short terms and empty text', () => {
    const docs = [{ title: 'The red dress' }, { title: 'Blue shoes' }];
    const index = build(docs, ['title']);
    const weights = { fields: ['title'], boosts: {} };
    expect(index.search('the and of', weights).ids.length).toBe(0);
    expect(index.search('zzz', weights).ids.length).toBe(0);
    expect(index.search('   ', weights).ids.length).toBe(0);
    expect(Array.from(index.search('dresses', weights).ids)).toEqual([0]);
    expect(Array.from(index.search('shoe', weights).ids)).toEqual([1]);
  });

  it('keeps only documents where every term occurs in one of the searched fields', () => {
    const docs = [
      { title: 'red dress', description: '' },
      { title: 'dress', description: 'red' },
      { title: 'red', description: 'dress' },
      { title: 'red shirt', description: 'a dress shirt' },
    ];
    const index = build(docs, ['title', 'description']);
    expect(Array.from(index.search('red dress', { fields: ['title'], boosts: { title: 1 } }).ids)).toEqual([0]);
    expect(Array.from(index.search('red dress', { fields: ['title', 'description'], boosts: {} }).ids)).toEqual([0, 1, 2, 3]);
  });
});
