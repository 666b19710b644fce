import { describe, expect, it } from 'vitest';
import { asSentence } from '../../../src/shared/zod/issues';

describe('messages end with one full stop', () => {
  it('adds one where there is none, and never a second', () => {
    expect(asSentence('not an object')).toBe('not an object.');
    expect(asSentence('limit must be a whole number, not string "ten".')).toBe('limit must be a whole number, not string "ten".');
    expect(asSentence('is it? ')).toBe('is it?');
    expect(asSentence('(and 2 more)')).toBe('(and 2 more).');
  });
});
