import { describe, expect, it } from 'vitest';
import { CsvReader, type CsvRecord } from '../../../../src/shared/csv';

/** Text fed in pieces of `size` characters, every record answered (and the largest text the reader held). */
function readInPieces(text: string, size: number, recordLimit?: number): { records: CsvRecord[]; held: number } {
  const reader = new CsvReader(recordLimit);
  const records: CsvRecord[] = [];
  let held = 0;
  for (let i = 0; i < text.length; i += size) {
    records.push(...reader.feed(text.slice(i, i + size)));
    held = Math.max(held, (reader as unknown as { pending: string }).pending.length);
  }
  const last = reader.end();
  return { records: [...records, ...last.records], held };
}

describe('a record over the reader’s limit', () => {
  const good = (from: number, n: number) => Array.from({ length: n }, (_, i) => `s${from + i},query ${from + i}`).join('\n');

  for (const [name, newline] of [
    ['LF', '\n'],
    ['CRLF', '\r\n'],
  ] as const)
    it(`a quote never closed costs its row, not the file (${name}): the lines after it are read, with their numbers`, () => {
      const text = [good(1, 3), 's4,"rain jacket', good(5, 500)].join('\n').replaceAll('\n', newline) + newline;
      for (const size of [7, 64, 1000]) {
        const { records, held } = readInPieces(text, size, 100);
        expect(records.filter((r) => r.dropped)).toEqual([{ line: 4, fields: [], dropped: 'over-limit' }]);
        const rows = records.filter((r) => !r.dropped);
        expect(rows).toHaveLength(503);
        expect(rows[3]).toEqual({ line: 5, fields: ['s5', 'query 5'] });
        expect(rows.at(-1)).toEqual({ line: 504, fields: ['s504', 'query 504'] });
        // Never more held than the limit and one piece.
        expect(held).toBeLessThanOrEqual(100 + size);
      }
    });

  for (const newline of ['\n', '\r\n'])
    it(`a line longer than the limit with no line end for a while is dropped as it comes (${JSON.stringify(newline)})`, () => {
      const text = `a,b${newline}${'x'.repeat(10_000)}${newline}c,d${newline}`;
      const { records, held } = readInPieces(text, 49, 200);
      expect(records).toEqual([
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: [], dropped: 'over-limit' },
        { line: 3, fields: ['c', 'd'] },
      ]);
      expect(held).toBeLessThanOrEqual(250);
    });

  it('a quote never closed in a file shorter than the limit costs its row too, however many such rows there are', () => {
    const text = 'a,b\nc,"open\ne,f\ng,"again\r\nh,i';
    for (const size of [1, 5, 100])
      expect(readInPieces(text, size, 1000).records).toEqual([
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: [], dropped: 'unclosed-quote' },
        { line: 3, fields: ['e', 'f'] },
        { line: 4, fields: [], dropped: 'unclosed-quote' },
        { line: 5, fields: ['h', 'i'] },
      ]);
  });

  it('without a limit, a quoted field spans lines as RFC 4180 says, and a quote never closed is reported at the end', () => {
    const { records } = readInPieces('a,"x\ny",b\nc,d\n', 3);
    expect(records).toEqual([
      { line: 1, fields: ['a', 'x\ny', 'b'] },
      { line: 3, fields: ['c', 'd'] },
    ]);
    const reader = new CsvReader();
    reader.feed('a,b\nc,"open\ne,f\n');
    expect(reader.end().unclosedQuote).toBe(2);
  });
});
