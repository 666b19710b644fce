import { describe, expect, it } from 'vitest';
import { orderFacetValues } from '../../../../../src/renderer/src/features/search/FacetInspector';

const values = [
  { value: 'Korvo', count: 40, selected: false },
  { value: 'Halden', count: 30, selected: false },
  { value: 'Tessel', count: 20, selected: false },
  { value: 'Arc Peak', count: 10, selected: false },
];

describe('facet values in the inspector', () => {
  it('pin the picked values at the top in the order they were picked, the rest in the service’s order', () => {
    expect(orderFacetValues(values, ['Tessel', 'Korvo']).map((v) => v.value)).toEqual(['Tessel', 'Korvo', 'Halden', 'Arc Peak']);
  });

  it('keep a picked value where it was when the next answer reorders the counts', () => {
    const next = [
      { value: 'Halden', count: 12, selected: false },
      { value: 'Tessel', count: 9, selected: true },
      { value: 'Korvo', count: 3, selected: false },
    ];
    expect(orderFacetValues(next, ['Tessel']).map((v) => v.value)).toEqual(['Tessel', 'Halden', 'Korvo']);
  });

  it('pin what the service marks selected even when the request does not name it, and leave order alone with nothing picked', () => {
    const marked = values.map((v) => (v.value === 'Arc Peak' ? { ...v, selected: true } : v));
    expect(orderFacetValues(marked, []).map((v) => v.value)).toEqual(['Arc Peak', 'Korvo', 'Halden', 'Tessel']);
    expect(orderFacetValues(values, [])).toEqual(values);
  });
});
