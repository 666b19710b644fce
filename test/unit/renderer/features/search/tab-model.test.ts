import { describe, expect, it } from 'vitest';
import { encodeSearchUrl } from '../../../../../src/shared/request/url-codec';
import { withOptionsPatch } from '../../../../../src/renderer/src/features/search/tab-model';

describe('changing a request’s options in the builder', () => {
  const request = { token: 't', query: 'dress', options: { offset: 0, limit: 24, filter: 'price < 50' } };

  it('leaves out a filter or mask the user emptied, and a sort with no rows', () => {
    const cleared = withOptionsPatch(request, { filter: '' });
    expect(cleared.options).toEqual({ offset: 0, limit: 24 });
    expect(JSON.stringify(cleared)).not.toContain('"filter"');
    expect(withOptionsPatch(cleared, { customResponseMask: '' }).options).toEqual({ offset: 0, limit: 24 });
    expect(withOptionsPatch(withOptionsPatch(cleared, { sortBy: [{ attribute: 'price', order: 'asc' }] }), { sortBy: [] }).options).toEqual(
      {
        offset: 0,
        limit: 24,
      },
    );
  });

  it('so the GET URL carries only what was set', () => {
    const url = decodeURIComponent(encodeSearchUrl('https://s.example.com', withOptionsPatch(request, { filter: '' })));
    expect(url).not.toContain('filter');
    expect(url).toContain('"limit":24');
  });

  it('drops the options object when nothing is left in it, and keeps what is set', () => {
    expect(withOptionsPatch({ token: 't', options: { filter: 'x' } }, { filter: '' })).toEqual({ token: 't' });
    expect(withOptionsPatch({ token: 't' }, { filter: 'brand = Korvo' })).toEqual({ token: 't', options: { filter: 'brand = Korvo' } });
  });
});
