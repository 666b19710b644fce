import { describe, expect, it } from 'vitest';
import { parseQueryList } from '../../../../src/shared/compare';
import { fitToScale, formatJudgments, parseJudgments, readCuts } from '../../../../src/shared/judgments';

/** The ratings of a read, or the test fails with its message. */
function ok(read: ReturnType<typeof parseJudgments>) {
  if (!read.ok) throw new Error(read.message);
  return read;
}

describe('Quepid as it writes its exports', () => {
  it('a query nobody rated yet (`two,,`) and a blank rating in a set rated in part are queries with no rating, not errors; 3.0 is 3', () => {
    const read = ok(parseJudgments('query,docid,rating\none,157,3.0\none,152,\ntwo,,\nthree,9,1\n'));
    expect(read.ratings).toEqual([
      { query: 'one', itemId: '157', rating: 3 },
      { query: 'three', itemId: '9', rating: 1 },
    ]);
    // "one" has a rating, so only "two" is a query with none.
    expect(read.unrated).toEqual(['two']);
    expect(parseJudgments('query,docid,rating\none,,3\n')).toMatchObject({
      ok: false,
      line: 2,
      message: 'line 2: a rating with no docid.',
    });
  });

  it("reads Quepid's RRE export (queries at the top, documents by gain) and writes it back the same", () => {
    const quepid = {
      id_field: 'id',
      index: 'tmdb',
      queries: [
        { placeholders: { $query: 'star wars' }, relevant_documents: { '3': ['11'], '2': ['157', '152'] } },
        { placeholders: { $query: 'not rated' } },
      ],
    };
    const read = ok(parseJudgments(JSON.stringify(quepid)));
    expect(read.format).toBe('rre');
    expect(read.ratings).toEqual([
      { query: 'star wars', itemId: '11', rating: 3 },
      { query: 'star wars', itemId: '152', rating: 2 },
      { query: 'star wars', itemId: '157', rating: 2 },
    ]);
    expect(read.unrated).toEqual(['not rated']);
    const written = JSON.parse(formatJudgments(read.ratings, 'rre-quepid'));
    expect(written.queries).toEqual([{ placeholders: { $query: 'star wars' }, relevant_documents: { '3': ['11'], '2': ['152', '157'] } }]);
    expect(ok(parseJudgments(JSON.stringify(written))).ratings).toEqual(read.ratings);
  });
});

describe("the Search Relevance Workbench's judgments", () => {
  const srw = (ratings: [string, string, string | number][]) =>
    JSON.stringify({
      name: 'Imported Judgments',
      type: 'IMPORT_JUDGMENT',
      judgmentRatings: [...new Set(ratings.map(([q]) => q))].map((query) => ({
        query,
        ratings: ratings.filter(([q]) => q === query).map(([, docId, rating]) => ({ docId, rating })),
      })),
    });

  it('real-valued ratings mapped onto the scale by cut points, stated: equal parts of 0 to the highest, or your own', () => {
    const text = srw([
      ['laptop', 'B07NCQWCQS', '1.0'],
      ['laptop', 'B07NPC54DK', '0.7'],
      ['laptop', 'B000000001', '0.2'],
      ['mouse', 'B000000002', '0.000'],
    ]);
    const read = ok(parseJudgments(text, { max: 3 }));
    expect(read.format).toBe('srw');
    expect(read.cuts).toEqual([0.25, 0.5, 0.75]);
    expect(read.ratings.map((r) => [r.itemId, r.rating])).toEqual([
      ['B000000001', 0],
      ['B07NCQWCQS', 3],
      ['B07NPC54DK', 2],
      ['B000000002', 0],
    ]);
    const cuts = readCuts('0.1,0.6,0.9', 3);
    expect(cuts).toEqual([0.1, 0.6, 0.9]);
    const own = ok(parseJudgments(text, { max: 3, cuts: cuts as number[] }));
    expect(own.ratings.map((r) => r.rating)).toEqual([1, 3, 2, 0]);
    expect(readCuts('0.5,0.2,0.9', 3)).toBe('the cut points must go up');
    expect(readCuts('0.5', 3)).toMatch(/give 3 cut points/);
  });

  it('a list written for SRW reads back unchanged, and whole grades stay as they are', () => {
    const ratings = [
      { query: 'laptop', itemId: 'A', rating: 3 },
      { query: 'laptop', itemId: 'B', rating: 0 },
      { query: 'mouse pad', itemId: 'C', rating: 2 },
    ];
    const written = formatJudgments(ratings, 'srw', 'My list');
    expect(JSON.parse(written)).toMatchObject({
      name: 'My list',
      type: 'IMPORT_JUDGMENT',
      judgmentRatings: [
        {
          query: 'laptop',
          ratings: [
            { docId: 'A', rating: '3.000' },
            { docId: 'B', rating: '0.000' },
          ],
        },
        { query: 'mouse pad' },
      ],
    });
    const back = ok(parseJudgments(written, { max: 3 }));
    expect(back.cuts).toBeUndefined();
    expect(back.ratings).toEqual([...ratings].sort((a, b) => a.query.localeCompare(b.query) || a.itemId.localeCompare(b.itemId)));
  });

  it('its query sets: a JSON document with querySetQueries, or one {"queryText"} a line', () => {
    const doc = parseQueryList(
      JSON.stringify({ name: 'esci', querySetQueries: [{ queryText: 'usb  cable' }, { queryText: 'hdmi', referenceAnswer: 'x' }] }),
      'qs.json',
    );
    expect(doc.rows.map((r) => r.query)).toEqual(['usb cable', 'hdmi']);
    const lines = parseQueryList('{"queryText": "usb cable"}\n{"queryText": "hdmi"}\n', 'qs.ndjson');
    expect(lines.rows.map((r) => r.query)).toEqual(['usb cable', 'hdmi']);
    expect(lines.problems).toEqual([]);
  });
});

describe("trec_eval's grades", () => {
  it('any whole grade is read; a list keeps it (the scale widened up to 9) or maps it, and says which', () => {
    const read = ok(parseJudgments('q 0 a 4\nq 0 b 1\nq 0 c 12\n'));
    expect(read.ratings.map((r) => r.rating)).toEqual([4, 1, 12]);
    const up = fitToScale(read.ratings.slice(0, 2), { max: 3, threshold: 1 }, 9);
    expect(up).toMatchObject({
      scale: { max: 4, threshold: 1 },
      said: "grades up to 4 kept as they are: the list's scale is 0–4 (the file's), not 0–3",
    });
    const mapped = fitToScale(read.ratings, { max: 3, threshold: 2 }, 9);
    expect(mapped.ratings.map((r) => r.rating)).toEqual([3, 1, 9]);
    expect(mapped.said).toBe('grades 0–12 mapped onto 0–9 as round(grade × 9 / 12)');
    expect(mapped.scale).toEqual({ max: 9, threshold: 2 });
    expect(fitToScale(read.ratings.slice(1, 2), { max: 3, threshold: 1 }, 9)).toEqual({
      ratings: read.ratings.slice(1, 2),
      scale: { max: 3, threshold: 1 },
    });
  });
});
