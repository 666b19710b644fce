import { describe, expect, it } from 'vitest';
import { formatAgo, formatDuration } from '../../../src/shared/text/time-format';

describe('time formats', () => {
  it('counts down in seconds, minutes and hours', () => {
    expect(formatDuration(59_999)).toBe('59s');
    expect(formatDuration(245_000)).toBe('4m 05s');
    expect(formatDuration(3_720_000)).toBe('1h 02m');
    expect(formatDuration(-5)).toBe('0s');
  });
  it('says how long ago in the largest whole unit', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(formatAgo('2026-11-22T11:59:30Z', now)).toBe('just now');
    expect(formatAgo('2026-11-22T11:55:00Z', now)).toBe('5 min ago');
    expect(formatAgo('2026-11-22T09:00:00Z', now)).toBe('3 h ago');
    expect(formatAgo('2026-11-10T12:00:00Z', now)).toBe('12 days ago');
    expect(formatAgo('2026-11-22T12:05:00Z', now)).toBe('in the future');
    expect(formatAgo('not a date', now)).toBe('not a date');
  });
});
