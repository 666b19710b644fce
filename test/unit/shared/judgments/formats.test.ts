import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectFormat, formatJudgments, parseJudgments, type ExportFormat } from '../../../../src/shared/judgments/formats';
import { canonicalRatings, judgmentListSchema, newJudgmentList, setRating } from '../../../../src/shared/judgments/model';
import { queryKey, queryOfQid, trecQid } from '../../../../src/shared/judgments/query-key';

const ok = (read: ReturnType<typeof parseJudgments>) => {
  if (!read.ok) throw new Error(`${read.line ?? ''}: ${read.message}`);
  return read;
};

describe('query keys', () => {
  it('match after NFKC, trimming, collapsing whitespace and lower-casing', () => {
    expect(queryKey('  Red \t Dress ')).toBe('red dress');
    expect(queryKey('ｒｅｄ　ＤＲＥＳＳ')).toBe('red dress');
    expect(queryKey('Straße')).toBe('straße');
  });

  it('TREC qids hold any query and give it back', () => {
    expect(trecQid('red dress')).toBe('red_dress');
    expect(queryOfQid('red_dress')).toBe('red dress');
    expect(queryOfQid(trecQid('t_shirt 100%'))).toBe('t_shirt 100%');
    expect(queryOfQid('301')).toBe('301');
  });
});

describe('reading the formats', () => {
  it('reads Quepid CSV with any column order, quoted fields, and the last duplicate winning', () => {
    const read = ok(parseJudgments('docid,query,rating\nA1,"red, dress",3\nB2,red dress,1\nA1,Red Dress,2\n', { max: 3 }));
    expect(read.format).toBe('quepid');
    expect(read.rows).toBe(3);
    expect(read.duplicates).toBe(0);
    const dup = ok(parseJudgments('query,docid,rating\nshoes,s1,1\nshoes,s1,3\nSHOES,s1,2\n', { max: 3 }));
    expect(dup).toMatchObject({ duplicates: 2, ratings: [{ query: 'shoes', itemId: 's1', rating: 2 }] });
  });

  it('reads a Quepid CSV of many megabytes whole: a quoted field across a megabyte boundary, a bad line far in named', () => {
    // 60,000 rows of ~35 characters: about 2 MB, read a megabyte at a time (the first boundary falls inside a quoted query).
    const rows = Array.from({ length: 60_000 }, (_, i) => `"query, number ${i % 7000}",item-${String(i).padStart(6, '0')},${i % 4}`);
    const text = `query,docid,rating\n${rows.join('\n')}\n`;
    const read = ok(parseJudgments(text, { max: 3 }));
    expect(read.rows).toBe(60_000);
    expect(read.ratings).toHaveLength(60_000);
    // Every row, wherever the pieces were cut: each query comes back with its comma, each rating in its place.
    const byItem = new Map(read.ratings.map((r) => [r.itemId, r]));
    rows.forEach((_, i) =>
      expect(byItem.get(`item-${String(i).padStart(6, '0')}`)).toMatchObject({ query: `query, number ${i % 7000}`, rating: i % 4 }),
    );
    const bad = text.replace('item-050000,0', 'item-050000,x');
    expect(parseJudgments(bad, { max: 3 })).toEqual({
      ok: false,
      line: 50_002,
      message: 'line 50002: the rating "x" is not a whole number.',
    });
  });

  it('reads TREC qrels, skipping comments and blank lines', () => {
    const read = ok(parseJudgments('# qrels\nred_dress 0 A1 2\n\nred_dress 0 B2 0\n301 0 X 1\n', { max: 3 }));
    expect(read.format).toBe('trec');
    expect(read.ratings).toEqual([
      { query: '301', itemId: 'X', rating: 1 },
      { query: 'red dress', itemId: 'A1', rating: 2 },
      { query: 'red dress', itemId: 'B2', rating: 0 },
    ]);
  });

  it('reads a negative qrels grade as trec_eval does: not judged, counted apart, never an error', () => {
    const read = ok(parseJudgments('401 0 A 2\n401 0 B -1\n402 0 C -2\n402 0 D 0\n', { max: 3 }));
    expect(read.ratings).toEqual([
      { query: '401', itemId: 'A', rating: 2 },
      { query: '402', itemId: 'D', rating: 0 },
    ]);
    expect(read).toMatchObject({ rows: 4, unjudged: 2, duplicates: 0 });
    // Quepid's CSV has no such convention: a negative rating there is still refused.
    expect(parseJudgments('query,docid,rating\na,1,-1\n', { max: 3 })).toMatchObject({ ok: false, line: 2 });
  });

  it('reads RRE ratings JSON, both shapes of relevant_documents', () => {
    const rre = {
      topics: [
        {
          query_groups: [
            {
              name: 'Brand',
              queries: [{ placeholders: { $query: 'fender' } }, { placeholders: { $query: 'Fender bass' } }],
              relevant_documents: { '1': { gain: 3 }, '2': { gain: 2 } },
            },
          ],
        },
      ],
      query_groups: [{ queries: [{ placeholders: { $query: 'jazz' } }], relevant_documents: { '3': ['7', '8'] } }],
    };
    const read = ok(parseJudgments(JSON.stringify(rre), { max: 3 }));
    expect(read.format).toBe('rre');
    expect(read.ratings).toHaveLength(6);
    expect(read.ratings).toContainEqual({ query: 'Fender bass', itemId: '2', rating: 2 });
    expect(read.ratings).toContainEqual({ query: 'jazz', itemId: '8', rating: 3 });
  });

  it('stops at the first bad line, names it, and imports nothing', () => {
    expect(parseJudgments('query,docid,rating\na,1,2\nb,2,four\nc,3,1\n', { max: 3 })).toEqual({
      ok: false,
      line: 3,
      message: 'line 3: the rating "four" is not a whole number.',
    });
    expect(parseJudgments('query,docid,rating\na,1,-1\n', { max: 3 })).toMatchObject({
      ok: false,
      line: 2,
      message: expect.stringContaining('below 0'),
    });
    expect(parseJudgments('query,docid,rating\na,1,2.5\n', { max: 3 })).toMatchObject({
      ok: false,
      message: expect.stringContaining('not a whole number'),
    });
    expect(parseJudgments('q 0 d 1\nq 0 d\n', { max: 3 })).toMatchObject({
      ok: false,
      line: 2,
      message: expect.stringContaining('4 fields'),
    });
    expect(parseJudgments('query,rating\na,1\n')).toMatchObject({ ok: false, message: expect.stringContaining('docid is missing') });
    expect(
      parseJudgments(
        '{"topics": [{"query_groups": [{"queries": [{"placeholders": {"$query": "x"}}], "relevant_documents": {"d": {"gain": "high"}}}]}]}',
        { max: 3 },
      ),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining('topics[0].query_groups[0].relevant_documents.d: the rating "high" is not a whole number'),
    });
    expect(parseJudgments('hello world')).toMatchObject({ ok: false, message: expect.stringContaining('not a judgment file') });
  });

  it('detects each format from the content', () => {
    expect(detectFormat('query,docid,rating\n')).toBe('quepid');
    expect(detectFormat('# c\nq 0 d 1')).toBe('trec');
    expect(detectFormat('{"topics": []}')).toBe('rre');
    expect(detectFormat(JSON.stringify(newJudgmentList('x')))).toBe('workspace');
    expect(detectFormat('{"other": 1}')).toBeUndefined();
  });

  it('reads a workspace list with its scale, who and when', () => {
    const list = setRating(newJudgmentList('Mine', { max: 4, threshold: 2 }), {
      query: 'q',
      itemId: 'i',
      rating: 4,
      by: 'ann',
      at: '2026-11-01T00:00:00.000Z',
    });
    const read = ok(parseJudgments(JSON.stringify(list)));
    expect(read).toMatchObject({
      format: 'workspace',
      scale: { max: 4, threshold: 2 },
      name: 'Mine',
      ratings: [{ by: 'ann', at: '2026-11-01T00:00:00.000Z' }],
    });
    expect(judgmentListSchema.safeParse({ ...list, ratings: [{ query: 'q', itemId: 'i', rating: 5 }] }).success).toBe(false);
  });
});

describe('round trips', () => {
  const text = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== '' && !/[\r\n]/.test(s));
  const ratings = fc.uniqueArray(
    fc.record({
      query: text.map((s) => s.trim().replace(/\s+/g, ' ')),
      itemId: fc.stringMatching(/^[A-Za-z0-9_.:-]{1,10}$/),
      rating: fc.integer({ min: 0, max: 3 }),
    }),
    { selector: (r) => `${queryKey(r.query)}\u0000${r.itemId}`, maxLength: 20 },
  );

  it.each(['quepid', 'trec', 'rre'] as ExportFormat[])('%s keeps every (query, docid, rating)', (format) => {
    fc.assert(
      fc.property(ratings, (rs) => {
        fc.pre(rs.length > 0);
        const read = ok(parseJudgments(formatJudgments(rs, format), { max: 3 }));
        expect(read.format).toBe(format);
        expect(read.ratings).toEqual(canonicalRatings(rs));
      }),
    );
  });

  it('refuses item ids TREC cannot hold, naming them', () => {
    expect(() => formatJudgments([{ query: 'q', itemId: 'a b', rating: 1 }], 'trec')).toThrow(/"a b" has whitespace/);
  });
});
