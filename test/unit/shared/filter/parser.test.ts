import { describe, expect, it } from 'vitest';
import { parseFilter, printFilter, stripRanges } from '../../../../src/shared/filter';

const canonical = (text: string) => {
  const r = parseFilter(text);
  expect(
    r.diagnostics.filter((d) => d.severity === 'error'),
    text,
  ).toEqual([]);
  return r.ast ? printFilter(r.ast) : '';
};

describe('filter parser: valid filters', () => {
  it.each([
    ['price > 10', 'price > 10'],
    ['price>10', 'price > 10'],
    ['price   >=   10.5', 'price >= 10.5'],
    ['a = 1 and b = 2', 'a = 1 AND b = 2'],
    ['a = 1 Or b = 2', 'a = 1 OR b = 2'],
    ['a = 1 AND b = 2 OR c = 3', 'a = 1 AND b = 2 OR c = 3'],
    ['a = 1 AND (b = 2 OR c = 3)', 'a = 1 AND (b = 2 OR c = 3)'],
    ['(a = 1 AND b = 2) AND c = 3', 'a = 1 AND b = 2 AND c = 3'],
    ['((a = 1))', 'a = 1'],
    ['(size = 137 OR size = 119) AND (price > 10 AND price < 100)', '(size = 137 OR size = 119) AND price > 10 AND price < 100'],
    ["brand = 'Nike'", "brand = 'Nike'"],
    ['brand = "Nike"', "brand = 'Nike'"],
    ["title = 'it\\'s'", "title = 'it\\'s'"],
    ['title = "say \\"hi\\""', `title = 'say "hi"'`],
    ["title = 'caf\\u00e9'", "title = 'café'"],
    ['colour = red', 'colour = red'],
    ['recommended = TRUE', 'recommended = true'],
    ['created >= 2024-05-01', 'created >= 2024-05-01'],
    ['created < 2024-05-01T10:00:00Z', 'created < 2024-05-01T10:00:00Z'],
    ['created < 2024-05-01T10:00:00+02:00', 'created < 2024-05-01T10:00:00+02:00'],
    ['price != -5', 'price != -5'],
    ['rating >= 1e2', 'rating >= 100'],
    ['category.path = shoes', 'category.path = shoes'],
    ['', ''],
    ['   ', ''],
  ])('%s  →  %s', (input, expected) => {
    expect(canonical(input)).toBe(expected);
  });

  it('gives AND precedence over OR', () => {
    const ast = parseFilter('a = 1 OR b = 2 AND c = 3').ast;
    expect(stripRanges(ast!)).toEqual({
      type: 'or',
      children: [
        { type: 'compare', attribute: 'a', op: '=', value: { kind: 'number', value: 1 } },
        {
          type: 'and',
          children: [
            { type: 'compare', attribute: 'b', op: '=', value: { kind: 'number', value: 2 } },
            { type: 'compare', attribute: 'c', op: '=', value: { kind: 'number', value: 3 } },
          ],
        },
      ],
    });
  });

  it('types each value: number, string, boolean, date, bare word', () => {
    const ast = parseFilter("a = 1 AND b = 'x' AND c = false AND d = 2024-01-31 AND e = word").ast;
    expect(ast?.type).toBe('and');
    const kinds = ast?.type === 'and' ? ast.children.map((c) => (c.type === 'compare' ? c.value.kind : '')) : [];
    expect(kinds).toEqual(['number', 'string', 'boolean', 'date', 'word']);
  });

  it('records source ranges for attribute, operator, value and rule', () => {
    const ast = parseFilter('  price >= 10').ast;
    expect(ast).toMatchObject({
      type: 'compare',
      attribute: { name: 'price', range: { start: 2, end: 7 } },
      op: { value: '>=', range: { start: 8, end: 10 } },
      value: { range: { start: 11, end: 13 } },
      range: { start: 2, end: 13 },
    });
  });
});

describe('filter parser: errors a merchandiser can act on', () => {
  it.each([
    ['price >=', "Expected a value after '>=' at line 1, column 7", 8, 8],
    ['price >= ', "Expected a value after '>=' at line 1, column 7", 9, 9],
    ['brand = Nike AND price >= ', "Expected a value after '>=' at line 1, column 24", 26, 26],
    ['price', "Expected an operator (=, !=, <, <=, >, >=) after 'price' at line 1, column 1", 5, 5],
    ['price 10', "Expected an operator (=, !=, <, <=, >, >=) after 'price' at line 1, column 1", 6, 8],
    ['10 > price', 'Expected an attribute name at line 1, column 1, found the number 10', 0, 2],
    ['a = 1 AND', 'Expected a rule after AND at line 1, column 7', 9, 9],
    ['a = 1 OR', 'Expected a rule after OR at line 1, column 7', 8, 8],
    ['(a = 1', "Missing ')' to close the '(' at line 1, column 1", 6, 6],
    ['a = 1)', "')' at line 1, column 6 has no matching '('", 5, 6],
    ['()', 'Empty parentheses at line 1, column 1', 1, 2],
    ['a = 1 b = 2', "Unexpected 'b' at line 1, column 7: join rules with AND or OR", 6, 7],
    ["a = 'open", 'The text starting at line 1, column 5 has no closing quote', 4, 9],
    ['a = "open', 'The text starting at line 1, column 5 has no closing double quote', 4, 9],
    ['a == 1', "Use a single '=' to compare (found '==' at line 1, column 3)", 2, 4],
    ['a <> 1', "Use '!=' for \"not equal\" (found '<>' at line 1, column 3)", 2, 4],
    ['a ! 1', "'!' must be followed by '='", 2, 3],
    ['AND a = 1', 'Expected an attribute name at line 1, column 1, found AND', 0, 3],
  ])('%s', (input, message, start, end) => {
    const r = parseFilter(input);
    expect(r.ast).toBeNull();
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain(message);
    expect([errors[0]!.start, errors[0]!.end]).toEqual([start, end]);
  });
});

describe('filter parser: warnings for ambiguous values', () => {
  it.each([
    ['size = 10k', 'not a number', 7, 10],
    ['price = 1,5', 'not a number', 8, 11],
    ['created > 2024-13-01', 'not a valid ISO-8601 date', 10, 20],
    ['colour = null', 'no null', 9, 13],
    ['title = shoe*', 'Wildcards are not supported', 8, 13],
    ['code = 007', 'leading zero', 7, 10],
  ])('%s warns: %s', (input, message, start, end) => {
    const r = parseFilter(input);
    expect(r.ast).not.toBeNull();
    const warnings = r.diagnostics.filter((d) => d.severity === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain(message);
    expect([warnings[0]!.start, warnings[0]!.end]).toEqual([start, end]);
  });

  it('does not warn about plain words', () => {
    expect(parseFilter('colour = red AND brand = Nike').diagnostics).toEqual([]);
  });
});

describe('filter parser: positions are lines and columns', () => {
  it('counts lines and 1-based columns across a multi-line filter', () => {
    const source = 'brand = Nike\nAND (price <\n  OR x = 1)';
    const r = parseFilter(source);
    expect(r.ast).toBeNull();
    expect(r.diagnostics[0]?.message).toBe("Expected a value after '<' at line 2, column 12; found OR.");
  });
});
