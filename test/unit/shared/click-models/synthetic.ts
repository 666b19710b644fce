import { type PagePattern } from '../../../../src/shared/click-models';
import { mulberry32 } from '../../../../src/shared/random';
import { type ClickModel, shop, swapPairs } from '../../../../src/shared/traffic';

/**
 * Logs made under a click model's own assumptions, without a service: `queries` queries of 20 items each with grades
 * drawn at random, shown best first with a little noise, a share of pages with adjacent pairs swapped (as the
 * simulator does), each search's clicks drawn by `shop`. Returns the page patterns and the truth's grades.
 */
export function syntheticLog(
  model: ClickModel,
  options: { seed: number; searches: number; queries?: number; randomized?: number },
): { patterns: PagePattern[]; relevance: Record<string, Record<string, number>> } {
  const random = mulberry32(options.seed);
  const queries = options.queries ?? 40;
  const relevance: Record<string, Record<string, number>> = {};
  // Two configurations rank each query's items with their own noise, as two live configurations would: an item is
  // seen at more than one rank, which is what tells examination from attractiveness.
  const pages: { query: string; ids: string[]; grades: number[] }[][] = [];
  for (let q = 0; q < queries; q++) {
    const query = `query ${q}`;
    const items = Array.from({ length: 20 }, (_, i) => ({ id: `q${q}-item${i}`, grade: Math.floor(random() * 4) }));
    relevance[query] = Object.fromEntries(items.map((i) => [i.id, i.grade]));
    pages.push(
      [0, 1].map(() => {
        // Ranked mostly by grade, with noise: a realistic engine, not a perfect one.
        const ranked = items.map((i) => ({ ...i, score: i.grade + random() * 2.5 })).sort((a, b) => b.score - a.score);
        return { query, ids: ranked.map((i) => i.id), grades: ranked.map((i) => i.grade) };
      }),
    );
  }
  const counts = new Map<string, PagePattern>();
  for (let s = 0; s < options.searches; s++) {
    // Queries drawn with a long tail: query q about 1/(q+1).
    let q = Math.floor(queries ** random()) - 1;
    q = Math.min(Math.max(q, 0), queries - 1);
    const page = pages[q]![s % 2]!;
    const order =
      random() < (options.randomized ?? 0.1)
        ? swapPairs(
            page.ids.map((_, i) => i),
            random,
          ).shown
        : page.ids.map((_, i) => i);
    const ids = order.map((i) => page.ids[i]!);
    const grades = order.map((i) => page.grades[i]!);
    let clicked = 0;
    for (const c of shop(model, grades, random).clicks) if (c.rank <= 10) clicked |= 1 << (c.rank - 1);
    const ranking = ids.slice(0, 10);
    const key = `${page.query}|${ranking.join(',')}|${clicked}`;
    const p = counts.get(key);
    if (p) p.count++;
    else counts.set(key, { query: page.query, ranking, clicked, count: 1 });
  }
  return { patterns: [...counts.values()], relevance };
}
