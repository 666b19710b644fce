import { describe, expect, it } from 'vitest';
import { groupableAttributes, isRangeFacet, splitValues } from '../../../src/shared/suggest/group-attributes';
import type { Facet } from '../../../src/shared/request/types';

const facet = (attribute: string, values: string[]): Facet => ({
  id: attribute,
  title: attribute,
  attribute,
  count: values.length,
  values: values.map((value, i) => ({ value, count: 10 - i, selected: false })),
});

const catalog = [
  { name: 'brand', type: 'string', facetable: true, sortable: false, multiValued: false },
  { name: 'tags', type: 'list', facetable: true, sortable: false, multiValued: true },
  { name: 'price', type: 'number', facetable: true, sortable: true, multiValued: false },
  { name: 'title', type: 'string', facetable: false, sortable: true, multiValued: false },
  { name: 'gender', type: 'string', facetable: true, sortable: false, multiValued: false },
];
const facets = [
  facet('brand', ['Korvo', 'Halden']),
  facet('tags', ['new']),
  facet('price', ['Under 25', '25 to 50']),
  facet('colour', ['Black']),
];

describe('groupableAttributes', () => {
  it('keeps single-valued facetable attributes from the schema, with the facet values seen', () => {
    const found = groupableAttributes(catalog, facets, []);
    expect(found.map((a) => a.name)).toEqual(['brand', 'colour', 'gender']);
    expect(found.find((a) => a.name === 'brand')).toMatchObject({ source: 'catalog+facets', verified: true });
    expect(found.find((a) => a.name === 'brand')?.values.map((v) => v.value)).toEqual(['Korvo', 'Halden']);
    expect(found.find((a) => a.name === 'gender')).toMatchObject({ source: 'catalog', values: [] });
  });

  it('without a schema, trusts facets only where sample items show one value', () => {
    const samples = [{ id: '1', score: 1, product: { brand: 'Korvo', tags: ['new', 'sale'] } }];
    const found = groupableAttributes(undefined, facets, samples);
    expect(found.map((a) => [a.name, a.verified])).toEqual([
      ['brand', true],
      ['colour', false],
    ]);
  });

  it('never offers bucketed (range) facets', () => {
    expect(isRangeFacet(facet('price', ['Under 25', '25 to 50']))).toBe(true);
    expect(isRangeFacet(facet('rating', ['4.5 and over']))).toBe(true);
    expect(isRangeFacet(facet('brand', ['Korvo']))).toBe(false);
  });
});

describe('splitValues', () => {
  it('splits lines, or commas on one line, trimming and dropping repeats', () => {
    expect(splitValues(' Korvo, Halden ,Korvo,')).toEqual(['Korvo', 'Halden']);
    expect(splitValues('Fenwick & Hart\nArc Peak, Ltd\n\n')).toEqual(['Fenwick & Hart', 'Arc Peak, Ltd']);
  });
});
