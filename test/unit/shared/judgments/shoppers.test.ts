import { describe, expect, it } from 'vitest';
import {
  agreementOfList,
  apartIndex,
  clicksIndex,
  indexRatings,
  peopleVsClicks,
  poolQueue,
  type Rating,
} from '../../../../src/shared/judgments';

const person = (query: string, itemId: string, rating: number, by = 'ann'): Rating => ({ query, itemId, rating, by });
const clicks = (query: string, itemId: string, rating: number, model = 'pbm'): Rating => ({
  query,
  itemId,
  rating,
  by: `clicks:${model}`,
  evidence: { estimate: rating / 4, ci95: [0, 1], impressions: 100, clicks: rating * 10 },
});

// 40 items people and PBM both rated: the same on 30, one apart on 9 (item30–item38), three apart on item39; DBN
// rated two of them.
const ratings: Rating[] = [];
for (let i = 0; i < 40; i++) {
  const p = i % 4;
  const c = i < 30 ? p : i < 38 ? (p === 3 ? 2 : p + 1) : 3 - p;
  ratings.push(person(`q${i % 5}`, `item${i}`, p), clicks(`q${i % 5}`, `item${i}`, c));
}
ratings.push(clicks('q0', 'item0', 3, 'dbn'), clicks('q1', 'item1', 1, 'dbn'), person('q0', 'item0', 0, 'bob'));

describe('people against shoppers', () => {
  it("sets each click model's ratings beside the people's: alpha, the kappas, and the items apart, farthest first", () => {
    const [dbn, pbm] = peopleVsClicks(ratings, 3);
    expect(pbm!.by).toBe('clicks:pbm');
    expect(pbm!.agreement.raters).toEqual(['clicks:pbm', 'people']);
    expect(pbm!.agreement.pairable).toBe(40);
    expect(pbm!.agreement.overall.agreement).toBeCloseTo(30 / 40, 9);
    expect(pbm!.apart).toHaveLength(10);
    expect(pbm!.apart[0]).toEqual({ query: 'q4', itemId: 'item39', people: 3, clicks: 0, apart: 3 });
    expect(pbm!.apart.slice(1).every((a) => a.apart === 1)).toBe(true);
    // The people are one rater: ann's 0 and bob's 0 of item0 are one value, 0; DBN said 3.
    expect(dbn!.apart).toEqual([{ query: 'q0', itemId: 'item0', people: 0, clicks: 3, apart: 3 }]);
    expect(dbn!.agreement.pairable).toBe(2);
  });

  it("a list's agreement counts people as its raters and adds the models apart", () => {
    const report = agreementOfList(ratings, 3);
    expect(report.raters).toEqual(['ann', 'bob']);
    expect(report.shoppers.map((s) => s.by)).toEqual(['clicks:dbn', 'clicks:pbm']);
  });

  it('the judging queue can put first the items where shoppers and raters disagree most', () => {
    const apart = apartIndex(ratings);
    const rankings = (ids: string[]) => ({ a: ids, b: ids });
    const pool = poolQueue(
      [
        { index: 0, query: 'q1', rankings: rankings(['item1', 'item31', 'item36']) },
        { index: 1, query: 'q3', rankings: rankings(['item3', 'item38', 'item33', 'item8']) },
        { index: 2, query: 'q0', rankings: rankings(['item0', 'item5']) },
      ],
      indexRatings(ratings),
      10,
      new Set(),
      { shoppersDisagree: true, apartOf: (key, id) => apart.get(`${key}\u0000${id}`) },
    );
    // q0's item0 (3 apart, by DBN) leads; then q1 and q3 in the set's order, each item one apart; those rated alike
    // (item1, item3, item5, item8) stay out.
    expect(pool.queries.map((q) => [q.query, q.items.map((i) => `${i.id}:${i.apart}`).sort()])).toEqual([
      ['q0', ['item0:3']],
      ['q1', ['item31:1', 'item36:1']],
      ['q3', ['item33:1', 'item38:1']],
    ]);
    expect(pool.queries.flatMap((q) => q.items).every((i) => i.second)).toBe(true);
  });

  it("sets a language model judge beside the people as clicks are, with its reasons, and keeps its disagreements apart from shoppers'", () => {
    const judge = (query: string, itemId: string, rating: number): Rating => ({
      query,
      itemId,
      rating,
      by: 'llm:gpt',
      reason: `why ${itemId}`,
    });
    const withJudge = [...ratings, judge('q0', 'item0', 2), judge('q1', 'item1', 1), judge('q2', 'unrated', 1)];
    const report = agreementOfList(withJudge, 3);
    // The judge is not one of the list's raters: it is set against the people, as each click model is.
    expect(report.raters).toEqual(['ann', 'bob']);
    expect(report.shoppers.map((s) => s.by)).toEqual(['clicks:dbn', 'clicks:pbm', 'llm:gpt']);
    const gpt = report.shoppers.find((s) => s.by === 'llm:gpt')!;
    expect(gpt.apart).toEqual([{ query: 'q0', itemId: 'item0', people: 0, clicks: 2, apart: 2, reason: 'why item0' }]);
    // Every item both rated, alike or not, for its report card (a click model's view carries none).
    expect(gpt.pairs).toEqual([
      { query: 'q0', itemId: 'item0', people: 0, rating: 2 },
      { query: 'q1', itemId: 'item1', people: 1, rating: 1 },
    ]);
    expect(report.shoppers.find((s) => s.by === 'clicks:pbm')!.pairs).toBeUndefined();
    // And against each click model: PBM rated item0 0 and item1 1 (the judge 2 and 1), DBN item0 3 and item1 1.
    expect(gpt.againstClicks!.map((c) => [c.by, c.items, c.exact])).toEqual([
      ['clicks:dbn', 2, 0.5],
      ['clicks:pbm', 2, 0.5],
    ]);
    // Shoppers disagree: clicks' sources only; Judge disagrees: the judges' only.
    expect(apartIndex(withJudge).get('q0\u0000item0')).toBe(3);
    expect([...apartIndex(withJudge, 'llm')]).toEqual([['q0\u0000item0', 2]]);
    // Counted only where asked, where nobody rated: never over the people's.
    expect(indexRatings(withJudge, { ratings: 'people+llm' }).get('q2')!.ratings.get('unrated')).toBe(1);
    expect(indexRatings(withJudge).get('q2')!.ratings.has('unrated')).toBe(false);
    expect(indexRatings(withJudge, { ratings: 'people+llm' }).get('q0')!.ratings.get('item0')).toBe(0);
  });

  it("indexes each item's clicks' ratings with their evidence, for Search", () => {
    const index = clicksIndex(ratings);
    expect(
      index
        .get('q0')!
        .get('item0')!
        .map((o) => [o.by, o.rating]),
    ).toEqual([
      ['clicks:dbn', 3],
      ['clicks:pbm', 0],
    ]);
    expect(index.get('q0')!.get('item0')![1]!.evidence).toMatchObject({ impressions: 100 });
    expect(index.get('q0')!.has('item10')).toBe(true);
  });
});
