import { isJsonObject } from '../json-value';
import { fail, finish, type JudgmentsRead } from './formats-common';
import type { Rating } from './model';

/**
 * OpenSearch's Search Relevance Workbench judgments: `{ name, type, judgmentRatings: [{ query, ratings: [{ docId,
 * rating }] }] }` (`judgmentScores` in earlier releases), each rating a real number written as text ("100.000",
 * "0.7") or as a number. Whole grades within the scale are kept as they are (so a list written here comes back
 * unchanged); real-valued ones are mapped onto 0…max by cut points: grade g for a value ≥ the g-th cut point. By
 * default the cut points split 0…the file's highest value into max + 1 equal parts; `cuts` gives your own.
 */

/** Whether a JSON object is an SRW judgment list. */
export const isSrw = (json: Record<string, unknown>): boolean => Array.isArray(json.judgmentRatings) || Array.isArray(json.judgmentScores);

/** Cut points, ascending, one per grade above 0: `0.25,0.5,0.75` for 0–3. */
export function readCuts(text: string, max: number): number[] | string {
  const cuts = text.split(',').map((c) => Number(c.trim()));
  if (cuts.length !== max || cuts.some((c) => !Number.isFinite(c)))
    return `give ${max} cut points (one per grade above 0, for the scale 0–${max}), as numbers separated by commas`;
  if (cuts.some((c, i) => i > 0 && c <= cuts[i - 1]!)) return 'the cut points must go up';
  return cuts;
}

export function parseSrw(json: Record<string, unknown>, max: number, by?: string, cuts?: number[]): JudgmentsRead {
  const lists = (Array.isArray(json.judgmentRatings) ? json.judgmentRatings : json.judgmentScores) as unknown[];
  const values: { query: string; itemId: string; value: number }[] = [];
  let rows = 0;
  for (const [i, entry] of lists.entries()) {
    if (!isJsonObject(entry) || typeof entry.query !== 'string' || !entry.query.trim())
      return fail(`judgmentRatings[${i}]: needs a query (text) and its ratings.`);
    const ratings = Array.isArray(entry.ratings) ? entry.ratings : [];
    for (const [j, r] of ratings.entries()) {
      rows++;
      const where = `judgmentRatings[${i}].ratings[${j}]`;
      if (!isJsonObject(r) || (typeof r.docId !== 'string' && typeof r.docId !== 'number') || String(r.docId).trim() === '')
        return fail(`${where}: needs a docId.`);
      const value =
        typeof r.rating === 'number' ? r.rating : typeof r.rating === 'string' && r.rating.trim() !== '' ? Number(r.rating) : NaN;
      if (!Number.isFinite(value) || value < 0) return fail(`${where}: the rating ${JSON.stringify(r.rating)} is not a number ≥ 0.`);
      values.push({ query: entry.query.trim(), itemId: String(r.docId).trim(), value });
    }
  }
  const whole = values.every((v) => Number.isInteger(v.value) && v.value <= max);
  let used: number[] | undefined;
  let grade = (value: number) => value;
  if (cuts || !whole) {
    const top = values.reduce((m, v) => Math.max(m, v.value), 0);
    used = cuts ?? Array.from({ length: max }, (_, g) => (top * (g + 1)) / (max + 1));
    const points = used;
    grade = (value) => points.filter((c) => value >= c).length;
  }
  const ratings: Rating[] = values.map((v) => ({ query: v.query, itemId: v.itemId, rating: grade(v.value), ...(by ? { by } : {}) }));
  return finish('srw', ratings, rows, used ? { cuts: used } : {});
}

/** An SRW judgment list (type IMPORT_JUDGMENT), ratings written as SRW writes them ("3.000"). */
export function formatSrw(ratings: readonly Pick<Rating, 'query' | 'itemId' | 'rating'>[], name: string): string {
  const groups = new Map<string, { docId: string; rating: string }[]>();
  for (const r of ratings) {
    let docs = groups.get(r.query);
    if (!docs) groups.set(r.query, (docs = []));
    docs.push({ docId: r.itemId, rating: r.rating.toFixed(3) });
  }
  const srw = {
    name,
    description: 'Exported from Search Workbench',
    type: 'IMPORT_JUDGMENT',
    judgmentRatings: [...groups].map(([query, ratings]) => ({ query, ratings })),
  };
  return `${JSON.stringify(srw, null, 2)}\n`;
}
