import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../../src/shared/workspace/canonical-json';
import { isWorkspaceFileName, slugify } from '../../../../src/shared/workspace/kinds';

describe('workspace files', () => {
  it('put format, version and name first, sort every other key, and end with a newline', () => {
    expect(canonicalJson({ b: 1, name: 'n', a: { z: 1, y: [{ d: 1, c: 2 }] }, version: 1, format: 'f' })).toBe(
      '{\n  "format": "f",\n  "version": 1,\n  "name": "n",\n  "a": {\n    "y": [\n      {\n        "c": 2,\n        "d": 1\n      }\n    ],\n    "z": 1\n  },\n  "b": 1\n}\n',
    );
  });

  it('the same content gives the same bytes, whatever order it was built in, and reads back equal', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const reversed = Object.fromEntries(Object.entries(value).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(value));
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('names: bare .json names only; new names made from a title', () => {
    expect(isWorkspaceFileName('red-dress.json')).toBe(true);
    for (const bad of ['../x.json', 'a/b.json', 'a\\b.json', '.hidden.json', 'x.txt', 'nul\0.json'])
      expect(isWorkspaceFileName(bad)).toBe(false);
    expect(slugify('Röde Kleider: Mai 2026!')).toBe('rode-kleider-mai-2026');
    expect(slugify('???')).toBe('item');
  });
});
