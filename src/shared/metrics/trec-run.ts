import { queryOfQid } from '../judgments';
import type { RunQuery } from './quality';

export type TrecRunRead = { ok: true; run: RunQuery[]; lines: number } | { ok: false; message: string; line: number };

/**
 * A TREC run file (`qid Q0 docid rank score tag`, whitespace separated),
 * ranked as trec_eval ranks it: by score, highest first, ties by docid in
 * descending order; the rank column is ignored. Lines starting with `#` and
 * blank lines are skipped.
 */
export function parseTrecRun(text: string): TrecRunRead {
  const byQid = new Map<string, { docid: string; score: number }[]>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let count = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (!line || line.startsWith('#')) continue;
    const fields = line.split(/\s+/);
    if (fields.length < 6)
      return {
        ok: false,
        line: i + 1,
        message: `line ${i + 1}: a run line is "qid Q0 docid rank score tag" (6 fields), this one has ${fields.length}.`,
      };
    const [qid, , docid, , scoreText] = fields as [string, string, string, string, string];
    const score = Number(scoreText);
    if (!Number.isFinite(score))
      return { ok: false, line: i + 1, message: `line ${i + 1}: the score ${JSON.stringify(scoreText)} is not a number.` };
    const list = byQid.get(qid) ?? [];
    list.push({ docid, score });
    byQid.set(qid, list);
    count++;
  }
  const run: RunQuery[] = [...byQid].map(([qid, docs]) => ({
    query: qid,
    text: queryOfQid(qid),
    ranking: docs.sort((a, b) => b.score - a.score || (a.docid < b.docid ? 1 : a.docid > b.docid ? -1 : 0)).map((d) => d.docid),
  }));
  return { ok: true, run, lines: count };
}
