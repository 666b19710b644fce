import { describe, expect, it } from 'vitest';
import { forTerminal, visible } from '../../../../src/shared/text';

describe('control characters shown, not run', () => {
  it('visible escapes every control character, line breaks and bidi overrides included', () => {
    expect(visible('a\nb\r\tc\u001b[31m\u0007\u007f\u009b\u2028\u202e\u2066')).toBe(
      'a\\nb\\r\\tc\\e[31m\\x07\\x7f\\x9b\\u2028\\u202e\\u2066',
    );
    expect(visible('plain, naïve — 東京')).toBe('plain, naïve — 東京');
  });

  it('forTerminal keeps the line breaks and tabs a program prints, and escapes the rest', () => {
    expect(forTerminal('line one\n\tline two\u001b]0;title\u0007\r')).toBe('line one\n\tline two\\e]0;title\\x07\\r');
  });
});
