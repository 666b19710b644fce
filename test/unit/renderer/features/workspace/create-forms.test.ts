import { describe, expect, it } from 'vitest';
import { createBlocked, onlyHeader } from '../../../../../src/renderer/src/features/workspace/CreateForms';

describe('New query set', () => {
  it('says why Create waits: nothing pasted, or a change under way', () => {
    expect(createBlocked('paste', '  \n ', false)).toMatch(/^Paste at least one query/);
    expect(createBlocked('paste', 'red dress', true)).toBe('Wait for the change under way to finish.');
    expect(createBlocked('paste', 'red dress', false)).toBeNull();
    expect(createBlocked('history', '', false)).toBeNull();
  });
  it('asks about a list whose only line reads as a header', () => {
    expect(onlyHeader('query')).toBe('query');
    expect(onlyHeader('\n  Query \n')).toBe('Query');
    expect(onlyHeader('"query",filter')).toBe('"query",filter');
    expect(onlyHeader('query\nred dress')).toBeNull();
    expect(onlyHeader('queries')).toBeNull();
    expect(onlyHeader('red dress')).toBeNull();
  });
});
