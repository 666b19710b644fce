import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAutocompleteNotActivated, typedPrefixLength } from '../../../src/shared/autocomplete/typed-prefix';

describe('typedPrefixLength', () => {
  it('covers the typed part of a suggestion, ignoring case', () => {
    expect(typedPrefixLength('leather jacket', 'Leather ja')).toBe(10);
    expect(typedPrefixLength('leather jacket', '')).toBe(0);
  });

  it('treats runs of spaces alike, and a trailing space as typed', () => {
    expect(typedPrefixLength('leather jacket', 'leather  ja')).toBe(10);
    expect(typedPrefixLength('leather jacket', '  leather ')).toBe(8);
    expect(typedPrefixLength('leather jacket', 'leather')).toBe(7);
    expect(typedPrefixLength('leathers', 'leather ')).toBe(7);
  });

  it('says -1 when the suggestion does not extend the query', () => {
    expect(typedPrefixLength('jacket', 'leather')).toBe(-1);
    expect(typedPrefixLength('lea', 'leather')).toBe(-1);
  });

  it('any suggestion extends each of its own prefixes', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), fc.nat(), (text, n) => {
        const suggestion = text.trim().replace(/\s+/g, ' ');
        if (!suggestion) return;
        const cut = n % (suggestion.length + 1);
        const typed = suggestion.slice(0, cut);
        expect(typedPrefixLength(suggestion, typed)).toBe(cut);
      }),
    );
  });
});

describe('isAutocompleteNotActivated', () => {
  const error = (status: number, message: string) => ({ code: 'http' as const, message, details: { status } });
  it('reads the emulator and plausible real messages', () => {
    expect(isAutocompleteNotActivated(error(403, 'Autocomplete is a beta feature and is not activated for this tenant.'))).toBe(true);
    expect(isAutocompleteNotActivated(error(404, 'autocomplete is disabled for tenant outlet'))).toBe(true);
    expect(isAutocompleteNotActivated(error(400, 'numberOfSuggestions must be 1 to 20'))).toBe(false);
    expect(isAutocompleteNotActivated(error(401, 'unknown token'))).toBe(false);
  });
});
