import { describe, expect, it } from 'vitest';
import { parseVariables } from '../../../../src/renderer/src/request-ui/parse-variables';

describe('context variables typed as JSON', () => {
  it.each([
    ['', { ok: true, value: undefined }],
    ['  ', { ok: true, value: undefined }],
    ['{"segment":"vip","visits":3,"tags":["a"]}', { ok: true, value: { segment: 'vip', visits: 3, tags: ['a'] } }],
  ])('%j reads', (text, expected) => {
    expect(parseVariables(text)).toEqual(expected);
  });

  it.each([
    ['{"segment":', 'not valid JSON'],
    ['[1]', 'must be a JSON object'],
    ['{"x": null}', 'Context variable x is null'],
    ['{"x": {"a": 1}}', 'x is an object'],
    ['{"x": [1]}', 'x is an array with non-text entries'],
  ])('%j is refused: %s', (text, message) => {
    const read = parseVariables(text);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toContain(message);
  });
});
