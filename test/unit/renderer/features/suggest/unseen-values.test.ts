import { describe, expect, it } from 'vitest';
import { unseenValues } from '../../../../../src/renderer/src/features/suggest/GroupByBuilder';

describe('group values the facet never showed', () => {
  it('are flagged, in the order chosen, so the empty groups they will return are no surprise', () => {
    const offered = [{ value: 'Jackets' }, { value: 'Dresses' }];
    const unseen = unseenValues(['Jackets', 'Tents', 'Dresses', 'Kayaks'], offered);
    expect(unseen.list).toEqual(['Tents', 'Kayaks']);
    expect(unseen.set.has('Tents')).toBe(true);
  });

  it('are not judged while the facet values are unknown', () => {
    expect(unseenValues(['Tents'], []).list).toEqual([]);
  });
});
