import SearchableMap from 'minisearch/SearchableMap';
import { processTerm, queryTerms, tokenize } from './analyzer';
import { seek } from './postings';

/**
 * The emulator's full-text index: BM25 over several fields with per-field
 * boosts, every query term required, typos forgiven only when nothing matches
 * as typed.
 *
 * Postings are compact typed arrays: one list per term and field (document,
 * term frequency), and one list per term merged across fields (document,
 * bit mask of the fields it occurs in). A query intersects the merged lists
 * from the rarest term up, so only documents that have every term are ever
 * scored. The term dictionary is MiniSearch's radix tree (SearchableMap), used
 * for its edit-distance search; the scores are MiniSearch's BM25 to the last
 * bit — same tokenizer, same field lengths, same running average, same order
 * of additions — because the demo tenant's rankings are frozen in a golden
 * file that other suites depend on.
 */

/** MiniSearch's BM25 defaults. */
const K = 1.2;
const B = 0.7;
const D = 0.5;
/** Fuzzy expansion: terms of 4+ characters, up to a quarter of their length in edits, weighted as MiniSearch weights them. */
const FUZZY_MIN_LENGTH = 4;
const FUZZY_RATIO = 0.25;
const FUZZY_MAX_DISTANCE = 6;
const FUZZY_WEIGHT = 0.45;

export interface TextMatches {
  /** Matching rows, ascending. */
  ids: Int32Array;
  /** Text score of each, aligned with `ids`. */
  scores: Float64Array;
}

/** Fields to search, in scoring order, with their boosts. */
export interface FieldWeights {
  fields: readonly string[];
  boosts: Readonly<Record<string, number>>;
}

interface ScoringField {
  id: number;
  boost: number;
}

export class TextIndex {
  readonly documentCount: number;
  private readonly fieldIds = new Map<string, number>();
  private readonly fieldCount: number;
  /** Token → index term (null for stop words), while building: catalogs repeat few distinct words. */
  private processed: Map<string, string | null> = new Map();
  /** Term → term number, for exact lookups. */
  private readonly termIds = new Map<string, number>();
  /** The same terms in a radix tree, inserted in the same order as MiniSearch would, for edit-distance search. */
  private readonly tree = new SearchableMap<number>();
  /** Per (term, field): postings `[fieldStart[t·F+f], fieldStart[t·F+f+1])` of `fieldDocs` / `fieldTf`. */
  private readonly fieldStart: Int32Array;
  private readonly fieldDocs: Int32Array;
  private readonly fieldTf: Uint16Array;
  /** Per term, across fields: postings `[mergedStart[t], mergedStart[t+1])` of `mergedDocs` / `mergedMask`. */
  private readonly mergedStart: Int32Array;
  private readonly mergedDocs: Int32Array;
  private readonly mergedMask: Uint8Array;
  /** Distinct tokens per (document, field), as MiniSearch counts a field's length. */
  private readonly fieldLength: Uint32Array;
  private readonly averageFieldLength: Float64Array;

  constructor(documentCount: number, fields: readonly string[], text: (doc: number, field: string) => string | undefined) {
    if (fields.length > 8) throw new Error('The text index supports at most 8 fields (one bit each in the merged postings).');
    this.documentCount = documentCount;
    this.fieldCount = fields.length;
    fields.forEach((f, i) => this.fieldIds.set(f, i));
    const F = this.fieldCount;
    this.fieldLength = new Uint32Array(documentCount * F);
    this.averageFieldLength = new Float64Array(F);

    // Catalog text repeats (brands, colours, tag sets, many titles), so each distinct string is
    // analysed once. Strings are collected field by field, then analysed in document order, which
    // numbers the terms in the order MiniSearch inserts them.
    const stringIds = new Map<string, number>();
    const strings: string[] = [];
    const entryOf = new Int32Array(documentCount * F).fill(-1);
    for (let f = 0; f < F; f++) {
      const field = fields[f] as string;
      for (let d = 0; d < documentCount; d++) {
        const value = text(d, field);
        if (value == null) continue;
        let id = stringIds.get(value);
        if (id === undefined) {
          id = strings.length;
          strings.push(value);
          stringIds.set(value, id);
        }
        entryOf[d * F + f] = id;
      }
    }
    stringIds.clear();
    const entries: (Int32Array | undefined)[] = new Array(strings.length);
    const counts = new Map<number, number>();
    for (let d = 0; d < documentCount; d++) {
      for (let f = 0; f < F; f++) {
        const e = entryOf[d * F + f] as number;
        if (e < 0) continue;
        const entry = entries[e] ?? (entries[e] = this.analyse(strings[e] as string, counts));
        const length = entry[0] as number;
        this.fieldLength[d * F + f] = length;
        // MiniSearch's running average, kept bit for bit: (average × documents before + length) / (documents before + 1).
        this.averageFieldLength[f] = ((this.averageFieldLength[f] as number) * d + length) / (d + 1);
      }
    }
    const T = this.termIds.size;

    // Two passes over the postings in document order: the first counts them per (term, field) and per
    // term across fields (a document's fields are visited together, so "same document as last time"
    // detects a repeat), the second files them, so every list comes out sorted by document.
    const fieldStart = new Int32Array(T * F + 1);
    const mergedStart = new Int32Array(T + 1);
    const lastDoc = new Int32Array(T);
    let fieldDocs = new Int32Array(0);
    let fieldTf = new Uint16Array(0);
    let mergedDocs = new Int32Array(0);
    let mergedMask = new Uint8Array(0);
    let nextField = fieldStart;
    let nextMerged = mergedStart;
    for (let pass = 0; pass < 2; pass++) {
      const filing = pass === 1;
      if (filing) {
        for (let k = 0; k < T * F; k++) fieldStart[k + 1] = (fieldStart[k + 1] as number) + (fieldStart[k] as number);
        for (let t = 0; t < T; t++) mergedStart[t + 1] = (mergedStart[t + 1] as number) + (mergedStart[t] as number);
        fieldDocs = new Int32Array(fieldStart[T * F] as number);
        fieldTf = new Uint16Array(fieldStart[T * F] as number);
        mergedDocs = new Int32Array(mergedStart[T] as number);
        mergedMask = new Uint8Array(mergedStart[T] as number);
        nextField = fieldStart.slice(0, T * F);
        nextMerged = mergedStart.slice(0, T);
      }
      lastDoc.fill(-1);
      for (let d = 0; d < documentCount; d++) {
        for (let f = 0; f < F; f++) {
          const e = entryOf[d * F + f] as number;
          if (e < 0) continue;
          const entry = entries[e] as Int32Array;
          for (let j = 1; j < entry.length; j += 2) {
            const t = entry[j] as number;
            const k = t * F + f;
            const repeat = lastDoc[t] === d;
            lastDoc[t] = d;
            if (!filing) {
              fieldStart[k + 1] = (fieldStart[k + 1] as number) + 1;
              if (!repeat) mergedStart[t + 1] = (mergedStart[t + 1] as number) + 1;
              continue;
            }
            const at = nextField[k] as number;
            nextField[k] = at + 1;
            fieldDocs[at] = d;
            fieldTf[at] = Math.min(entry[j + 1] as number, 0xffff);
            if (!repeat) {
              mergedDocs[nextMerged[t] as number] = d;
              nextMerged[t] = (nextMerged[t] as number) + 1;
            }
            const m = (nextMerged[t] as number) - 1;
            mergedMask[m] = (mergedMask[m] as number) | (1 << f);
          }
        }
      }
    }
    this.fieldDocs = fieldDocs;
    this.fieldTf = fieldTf;
    this.mergedDocs = mergedDocs;
    this.mergedMask = mergedMask;
    this.fieldStart = fieldStart;
    this.mergedStart = mergedStart;
    this.processed = new Map();
  }

  /**
   * One field value: `[distinct tokens, term, frequency, term, frequency, …]`,
   * terms numbered on first sight in the order MiniSearch would insert them.
   */
  private analyse(value: string, counts: Map<number, number>): Int32Array {
    const tokens = tokenize(value);
    counts.clear();
    for (const token of tokens) {
      let term = this.processed.get(token);
      if (term === undefined) this.processed.set(token, (term = processTerm(token)));
      if (!term) continue;
      let id = this.termIds.get(term);
      if (id === undefined) {
        id = this.termIds.size;
        this.termIds.set(term, id);
        this.tree.set(term, id);
      }
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const entry = new Int32Array(1 + counts.size * 2);
    entry[0] = new Set(tokens).size;
    let k = 1;
    for (const [id, n] of counts) {
      entry[k++] = id;
      entry[k++] = n;
    }
    return entry;
  }

  get termCount(): number {
    return this.termIds.size;
  }

  /** Bytes held by the postings, field lengths and term tables' typed arrays. */
  get postingBytes(): number {
    return [
      this.fieldStart,
      this.fieldDocs,
      this.fieldTf,
      this.mergedStart,
      this.mergedDocs,
      this.mergedMask,
      this.fieldLength,
      this.averageFieldLength,
    ].reduce((sum, a) => sum + a.byteLength, 0);
  }

  /** Documents that contain `term` in any of the fields, ascending. */
  documentFrequency(term: string): number {
    const t = this.termIds.get(term);
    return t === undefined ? 0 : (this.mergedStart[t + 1] as number) - (this.mergedStart[t] as number);
  }

  private scoringFields(weights: FieldWeights): ScoringField[] {
    const out: ScoringField[] = [];
    for (const name of weights.fields) {
      const id = this.fieldIds.get(name);
      // MiniSearch reads a missing or zero boost as 1.
      if (id !== undefined) out.push({ id, boost: weights.boosts[name] || 1 });
    }
    return out;
  }

  /** MiniSearch's BM25 for one posting, written as it writes it so the floating-point result is identical. */
  private bm25(termFrequency: number, matching: number, doc: number, field: number): number {
    const invDocFreq = Math.log(1 + (this.documentCount - matching + 0.5) / (matching + 0.5));
    const fieldLength = this.fieldLength[doc * this.fieldCount + field] as number;
    const averageFieldLength = this.averageFieldLength[field] as number;
    return invDocFreq * (D + (termFrequency * (K + 1)) / (termFrequency + K * (1 - B + (B * fieldLength) / averageFieldLength)));
  }

  /**
   * Documents with every query term in one of the fields, scored. When none
   * has them all, terms of 4+ characters also match terms within a quarter of
   * their length in edits (weighted down), and the whole result counts 0.8.
   */
  search(query: string, weights: FieldWeights): TextMatches {
    const terms = queryTerms(query);
    if (terms.length === 0) return { ids: new Int32Array(0), scores: new Float64Array(0) };
    const fields = this.scoringFields(weights);
    const exact = this.exact(terms, fields);
    if (exact.ids.length > 0) return exact;
    const fuzzy = this.fuzzy(terms, fields);
    for (let i = 0; i < fuzzy.scores.length; i++) fuzzy.scores[i] = (fuzzy.scores[i] as number) * 0.8;
    return fuzzy;
  }

  private exact(terms: string[], fields: ScoringField[]): TextMatches {
    const ids: number[] = [];
    for (const term of terms) {
      const t = this.termIds.get(term);
      if (t === undefined) return { ids: new Int32Array(0), scores: new Float64Array(0) };
      ids.push(t);
    }
    let fieldMask = 0;
    for (const f of fields) fieldMask |= 1 << f.id;
    const unique = [...new Set(ids)];
    const size = (t: number) => (this.mergedStart[t + 1] as number) - (this.mergedStart[t] as number);
    unique.sort((a, b) => size(a) - size(b));

    // Candidates from the rarest term, then kept only where every other term occurs too.
    const rarest = unique[0] as number;
    let survivors = new Int32Array(size(rarest));
    let n = 0;
    for (let p = this.mergedStart[rarest] as number, end = this.mergedStart[rarest + 1] as number; p < end; p++)
      if ((this.mergedMask[p] as number) & fieldMask) survivors[n++] = this.mergedDocs[p] as number;
    for (let u = 1; u < unique.length && n > 0; u++) {
      const t = unique[u] as number;
      const end = this.mergedStart[t + 1] as number;
      let cursor = this.mergedStart[t] as number;
      let kept = 0;
      for (let s = 0; s < n && cursor < end; s++) {
        const d = survivors[s] as number;
        cursor = seek(this.mergedDocs, cursor, end, d);
        if (cursor < end && this.mergedDocs[cursor] === d && (this.mergedMask[cursor] as number) & fieldMask) survivors[kept++] = d;
      }
      n = kept;
    }
    survivors = survivors.slice(0, n);

    // Score only the survivors: per term (in query order), its fields in the configuration's order.
    const total = new Float64Array(n);
    const termScore = new Float64Array(n);
    for (const t of ids) {
      termScore.fill(0);
      for (const { id: f, boost } of fields) {
        const start = this.fieldStart[t * this.fieldCount + f] as number;
        const end = this.fieldStart[t * this.fieldCount + f + 1] as number;
        const matching = end - start;
        if (matching === 0) continue;
        const factor = 1 * 1 * boost * 1; // term weight × term boost × field boost × document boost, as MiniSearch multiplies
        let cursor = start;
        for (let s = 0; s < n && cursor < end; s++) {
          const d = survivors[s] as number;
          cursor = seek(this.fieldDocs, cursor, end, d);
          if (cursor < end && this.fieldDocs[cursor] === d)
            termScore[s] = (termScore[s] as number) + factor * this.bm25(this.fieldTf[cursor] as number, matching, d, f);
        }
      }
      for (let s = 0; s < n; s++) total[s] = (total[s] as number) + (termScore[s] as number);
    }
    const quality = unique.length;
    for (let s = 0; s < n; s++) total[s] = (total[s] as number) * quality;
    return { ids: survivors, scores: total };
  }

  /** Near spellings found per term, kept: a misspelling shoppers make once, they make again. */
  private readonly spellingCache = new Map<string, readonly (readonly [number, number])[]>();

  /** A term's spellings to score: the term itself (weight 1) when indexed, then the radix tree's near ones, weighted. */
  private spellings(term: string): readonly (readonly [number, number])[] {
    const hit = this.spellingCache.get(term);
    if (hit) return hit;
    const variants: [number, number][] = [];
    const exact = this.termIds.get(term);
    if (exact !== undefined) variants.push([exact, 1]);
    if (term.length >= FUZZY_MIN_LENGTH) {
      const maxDistance = Math.min(FUZZY_MAX_DISTANCE, Math.round(term.length * FUZZY_RATIO));
      if (maxDistance) {
        for (const [variant, [id, distance]] of this.tree.fuzzyGet(term, maxDistance)) {
          if (distance) variants.push([id, (FUZZY_WEIGHT * variant.length) / (variant.length + distance)]);
        }
      }
    }
    if (this.spellingCache.size >= 4096) this.spellingCache.delete(this.spellingCache.keys().next().value as string);
    this.spellingCache.set(term, variants);
    return variants;
  }

  /**
   * Every query term with its near spellings (exact first, then the radix
   * tree's edit-distance matches in its order), summed per document in the
   * order MiniSearch adds them; then documents with every term.
   */
  private fuzzy(terms: string[], fields: ScoringField[]): TextMatches {
    const N = this.documentCount;
    const total = new Float64Array(N);
    const seenTerms = new Uint16Array(N);
    const termScore = new Float64Array(N);
    const stamp = new Int32Array(N).fill(-1);
    let first: number[] = [];
    terms.forEach((term, i) => {
      const variants = this.spellings(term);
      const docs: number[] = [];
      for (const [t, weight] of variants) {
        for (const { id: f, boost } of fields) {
          const start = this.fieldStart[t * this.fieldCount + f] as number;
          const end = this.fieldStart[t * this.fieldCount + f + 1] as number;
          const matching = end - start;
          const factor = weight * 1 * boost * 1;
          for (let p = start; p < end; p++) {
            const d = this.fieldDocs[p] as number;
            const contribution = factor * this.bm25(this.fieldTf[p] as number, matching, d, f);
            if (stamp[d] !== i) {
              stamp[d] = i;
              termScore[d] = contribution;
              docs.push(d);
            } else termScore[d] = (termScore[d] as number) + contribution;
          }
        }
      }
      for (const d of docs) {
        if (seenTerms[d] !== i) continue;
        total[d] = (total[d] as number) + (termScore[d] as number);
        seenTerms[d] = i + 1;
      }
      if (i === 0) first = docs;
    });
    const all = terms.length;
    const quality = new Set(terms).size;
    const ids = Int32Array.from(first.filter((d) => seenTerms[d] === all)).sort();
    const scores = new Float64Array(ids.length);
    ids.forEach((d, k) => (scores[k] = (total[d] as number) * quality));
    return { ids, scores };
  }
}
