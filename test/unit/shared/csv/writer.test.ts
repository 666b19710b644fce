import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, defuse, parseCsv, undefuse } from '../../../../src/shared/csv';

describe('the CSV writer', () => {
  it('no written text cell starts like a formula unless it is a plain number, and reading it back undoes the quote', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12, unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", '1', '.', 'a', ',', '"', '\n') }),
        (text) => {
          const defused = defuse(text);
          if (/^[=+\-@\t\r]/.test(defused)) expect(defused).toMatch(/^[+-]?(\d+(\.\d*)?|\.\d+)$/);
          expect(undefuse(defused)).toBe(text);
          // And the cell survives the reader: one field, the defused text.
          expect(parseCsv(`${csvCell(text)}\n`)[0]?.fields ?? ['']).toEqual([defused]);
        },
      ),
    );
  });

  it('numbers to six decimals, null and undefined empty, a line of cells', () => {
    expect(csvLine([1 / 3, null, undefined, -2, 'a,b'])).toBe('0.333333,,,-2,"a,b"');
  });
});
