import { canonicalRatings, type Rating, type Scale } from './model';

/** The judgment formats this app reads: other tools' and its own. */
export type JudgmentFormat = 'quepid' | 'trec' | 'rre' | 'srw' | 'workspace';

export interface ParsedJudgments {
  format: JudgmentFormat;
  /** The ratings as the file grades them (whole numbers ≥ 0; a list's scale is fitted on import: fitToScale). */
  ratings: Rating[];
  /** Rows or entries read. */
  rows: number;
  /** Rows for a (query, item) already rated earlier in the file: the last one wins. */
  duplicates: number;
  /** TREC qrels lines with a negative grade: unjudged, as trec_eval reads them (not ratings, not errors). */
  unjudged?: number;
  /** Queries the file lists with no rating yet (Quepid's `query,,` rows): not errors; kept as queries. */
  unrated?: string[];
  /** Real-valued grades (SRW's) mapped onto whole ones: the cut points used. */
  cuts?: number[];
  /** The scale a workspace list carries; other formats have none. */
  scale?: Scale;
  name?: string;
}

export type JudgmentsRead = ({ ok: true } & ParsedJudgments) | { ok: false; message: string; line?: number };

export const fail = (message: string, line?: number): JudgmentsRead => ({ ok: false, message, ...(line !== undefined ? { line } : {}) });

/**
 * The one reader of a rating as written, for every format and for raters' CSV: a whole number 0…max, written with
 * digits (a sign allowed, and a zero fraction, as Quepid writes `3.0`). A blank, `0x3`, `1e0` or `2.5` is not a
 * rating; the answer is the rating, or the reason it is not, naming where.
 */
export function readRating(text: string, max: number, where?: string): number | string {
  const t = text.trim();
  const at = where ? `${where}: ` : '';
  if (!/^[-+]?\d+(\.0+)?$/.test(t)) return `${at}the rating ${JSON.stringify(t)} is not a whole number`;
  const n = Math.trunc(Number(t));
  if (n < 0) return `${at}the rating ${n} is below 0`;
  if (n > max) return `${at}the rating ${n} is above the maximum ${max}`;
  return n;
}

/** How high a grade another tool's file may hold (a list's scale is fitted to it on import). */
export const ANY_GRADE = 1_000_000;

export function finish(
  format: JudgmentFormat,
  ratings: Rating[],
  rows: number,
  extra: Pick<ParsedJudgments, 'unjudged' | 'unrated' | 'cuts'> = {},
): JudgmentsRead {
  const unique = canonicalRatings(ratings);
  return {
    ok: true,
    format,
    ratings: unique,
    rows,
    duplicates: ratings.length - unique.length,
    ...(extra.unjudged ? { unjudged: extra.unjudged } : {}),
    ...(extra.unrated?.length ? { unrated: extra.unrated } : {}),
    ...(extra.cuts ? { cuts: extra.cuts } : {}),
  };
}

/**
 * A file's grades fitted to a list's scale (0…max): kept as they are when the file's highest grade fits; a wider
 * scale taken from the file when its highest grade is at most `limit` (9: a key each); mapped onto 0…limit by
 * round(grade × limit / highest) beyond that. The answer says which, in words.
 */
export function fitToScale(ratings: readonly Rating[], scale: Scale, limit: number): { ratings: Rating[]; scale: Scale; said?: string } {
  const top = ratings.reduce((m, r) => Math.max(m, r.rating), 0);
  if (top <= scale.max) return { ratings: [...ratings], scale };
  if (top <= limit)
    return {
      ratings: [...ratings],
      scale: { ...scale, max: top },
      said: `grades up to ${top} kept as they are: the list's scale is 0–${top} (the file's), not 0–${scale.max}`,
    };
  const map = (g: number) => Math.round((g * limit) / top);
  return {
    ratings: ratings.map((r) => ({ ...r, rating: map(r.rating) })),
    scale: { ...scale, max: limit, threshold: Math.max(1, Math.min(limit, map(scale.threshold))) },
    said: `grades 0–${top} mapped onto 0–${limit} as round(grade × ${limit} / ${top})`,
  };
}
