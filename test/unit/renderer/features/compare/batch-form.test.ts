import { describe, expect, it } from 'vitest';
import { nameAfterImport } from '../../../../../src/renderer/src/features/compare/BatchForm';

describe('the batch name after an import', () => {
  it('follows each imported file, until the user names the batch themselves', () => {
    const first = nameAfterImport('', '', 'week-46.csv');
    expect(first).toBe('week-46');
    expect(nameAfterImport(first, 'week-46.csv', 'week-47.txt')).toBe('week-47');
    expect(nameAfterImport('summer boost check', 'week-46.csv', 'week-47.txt')).toBe('summer boost check');
    expect(nameAfterImport('  ', 'week-46.csv', 'queries.v2.csv')).toBe('queries.v2');
  });
});
