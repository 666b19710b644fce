import type { ClickModelFit } from './fit';
import { MODEL_DEPTH, type PreparedPages } from './pages';
import { mulberry32 } from '../random';

/**
 * Which click model the shoppers follow, chosen by the data: PBM and DBN are each fitted on most of the searches and
 * scored on the searches held out, by the log-likelihood of the clicks seen (each rank's click given the clicks above
 * it) and by perplexity per rank (2 to the mean surprise of each rank's click or no click, from the click
 * probability the model gives that rank before any click is seen: 1 is a perfect prediction, 2 a coin's), as the
 * click-model literature reports them (Chuklin, Markov and de Rijke, Click Models for Web Search, 2015, §4.2). The
 * model with the higher held-out log-likelihood is chosen.
 */

/** The models `auto` chooses between: COEC is a ratio, not a model of clicks, and has no likelihood to compare. */
export const SELECTED_MODELS = ['pbm', 'dbn'] as const;
export type SelectedModel = (typeof SELECTED_MODELS)[number];

/** The share of searches held out, and the draw that holds them out (the same searches every time). */
export const HELD_OUT = { share: 0.2, seed: 20_261_201 } as const;

/** How far a probability is kept from 0 and 1, so that every held-out click and no-click has a finite likelihood. */
const EDGE = 1e-4;
const off = (p: number) => Math.min(1 - EDGE, Math.max(EDGE, p));

export interface ModelScore {
  model: SelectedModel;
  /** Mean over the held-out searches of Σ_r ln P(C_r = c_r | the clicks above r), natural log. */
  logLikelihood: number;
  /** The mean of perplexityByRank: one number per model. */
  perplexity: number;
  /** Per rank 1…MODEL_DEPTH where held-out pages reach it: 2^(−mean log₂ P(C_r = c_r)), P before any click is seen. */
  perplexityByRank: number[];
}

export interface ModelSelection {
  /** Searches held out (scored), and searches the models were fitted on. */
  heldOut: number;
  fitted: number;
  models: ModelScore[];
  chosen: SelectedModel;
}

/**
 * Pages split into the searches a model is fitted on and those it is scored on: each pattern's searches held out one
 * by one with probability `share` (a seeded draw: the same split every time), the pairs numbered alike in both.
 */
export function splitPages(
  pages: PreparedPages,
  share = HELD_OUT.share,
  seed = HELD_OUT.seed,
): { fit: PreparedPages; held: PreparedPages } {
  const random = mulberry32(seed);
  const heldCount = new Float64Array(pages.count.length);
  for (let p = 0; p < pages.count.length; p++) {
    const n = pages.count[p]!;
    let held = 0;
    if (n <= 1000) for (let i = 0; i < n; i++) held += random() < share ? 1 : 0;
    else {
      // A binomial as good as normal: its mean and spread, one draw (Box–Muller).
      const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
      held = Math.min(n, Math.max(0, Math.round(n * share + z * Math.sqrt(n * share * (1 - share)))));
    }
    heldCount[p] = held;
  }
  const fitCount = Float64Array.from(pages.count, (n, p) => n - heldCount[p]!);
  const sum = (a: Float64Array) => a.reduce((s, x) => s + x, 0);
  return {
    fit: { ...pages, count: fitCount, searches: sum(fitCount) },
    held: { ...pages, count: heldCount, searches: sum(heldCount) },
  };
}

/** A fitted model's click probabilities: each pair's parameters smoothed off 0 and 1, pairs the fit never saw at the mean. */
interface Predictor {
  /** P(click at rank r | the clicks above), walking a page top down; `start` resets for a new page. */
  start(): void;
  conditional(pair: number, rank: number): number;
  observe(pair: number, rank: number, clicked: boolean): void;
  /** P(click at rank r) before any click is seen, for the page's pairs in order. */
  marginal(pairs: readonly number[]): number[];
}

/** α per pair smoothed toward the mean click rate of what the fit saw: (α·e + m·2) / (e + 2), e the pair's evidence. */
function smoothed(values: ArrayLike<number>, evidence: ArrayLike<number>): Float64Array {
  let num = 0;
  let den = 0;
  for (let u = 0; u < values.length; u++) {
    num += values[u]! * evidence[u]!;
    den += evidence[u]!;
  }
  const mean = den > 0 ? num / den : 0.5;
  return Float64Array.from({ length: values.length }, (_, u) => off((values[u]! * evidence[u]! + 2 * mean) / (evidence[u]! + 2)));
}

function pbmPredictor(fit: ClickModelFit): Predictor {
  const theta = new Float64Array(MODEL_DEPTH).fill(EDGE);
  for (const p of fit.positions) theta[p.rank - 1] = off(p.examination);
  const alpha = smoothed(
    fit.items.map((i) => i.attractiveness ?? i.estimate),
    fit.items.map((i) => i.examinations),
  );
  const click = (u: number, r: number) => off(theta[r]! * alpha[u]!);
  return {
    start() {},
    conditional: click,
    observe() {},
    marginal: (pairs) => pairs.map((u, r) => click(u, r)),
  };
}

function dbnPredictor(fit: ClickModelFit): Predictor {
  const gamma = off(fit.continuation ?? 0.5);
  const alpha = smoothed(
    fit.items.map((i) => i.attractiveness ?? i.estimate),
    fit.items.map((i) => i.examinations),
  );
  const sigma = smoothed(
    fit.items.map((i) => i.satisfaction ?? 0.5),
    fit.items.map((i) => i.clicks),
  );
  // P(rank r is read | the clicks above), carried down the page.
  let read = 1;
  return {
    start() {
      read = 1;
    },
    conditional: (u) => off(read * alpha[u]!),
    observe(u, _r, clicked) {
      const a = alpha[u]!;
      read = clicked ? gamma * (1 - sigma[u]!) : (gamma * read * (1 - a)) / (1 - read * a);
    },
    marginal(pairs) {
      let reach = 1;
      return pairs.map((u) => {
        const p = off(reach * alpha[u]!);
        reach *= gamma * (1 - alpha[u]! * sigma[u]!);
        return p;
      });
    },
  };
}

/** A model's held-out log-likelihood and perplexities on `held`, fitted on other searches. */
export function scoreHeldOut(fit: ClickModelFit, held: PreparedPages): ModelScore {
  if (fit.model === 'coec') throw new RangeError('COEC has no likelihood to score');
  const predictor = fit.model === 'pbm' ? pbmPredictor(fit) : dbnPredictor(fit);
  let logLikelihood = 0;
  let searches = 0;
  const surprise = new Float64Array(MODEL_DEPTH);
  const shown = new Float64Array(MODEL_DEPTH);
  for (let p = 0; p < held.count.length; p++) {
    const w = held.count[p]!;
    if (!(w > 0)) continue;
    const from = held.start[p]!;
    const pairs = Array.from(held.flat.subarray(from, held.start[p + 1]!));
    const mask = held.clicked[p]!;
    searches += w;
    predictor.start();
    pairs.forEach((u, r) => {
      const clicked = (mask & (1 << r)) !== 0;
      const q = predictor.conditional(u, r);
      logLikelihood += w * Math.log(clicked ? q : 1 - q);
      predictor.observe(u, r, clicked);
    });
    predictor.marginal(pairs).forEach((q, r) => {
      const clicked = (mask & (1 << r)) !== 0;
      surprise[r]! -= w * Math.log2(clicked ? q : 1 - q);
      shown[r]! += w;
    });
  }
  const perplexityByRank: number[] = [];
  for (let r = 0; r < MODEL_DEPTH && shown[r]! > 0; r++) perplexityByRank.push(2 ** (surprise[r]! / shown[r]!));
  const perplexity = perplexityByRank.length ? perplexityByRank.reduce((s, x) => s + x, 0) / perplexityByRank.length : 1;
  return { model: fit.model, logLikelihood: searches > 0 ? logLikelihood / searches : 0, perplexity, perplexityByRank };
}

/**
 * PBM and DBN fitted on most searches and scored on the rest; the one with the higher held-out log-likelihood is
 * chosen (PBM on a tie). `fitOn` fits a model on pages (the core's fitPbm and fitDbn).
 */
export function selectModel(pages: PreparedPages, fitOn: (model: SelectedModel, pages: PreparedPages) => ClickModelFit): ModelSelection {
  const { fit, held } = splitPages(pages);
  const models = SELECTED_MODELS.map((model) => scoreHeldOut(fitOn(model, fit), held));
  const best = models.reduce((a, b) => (b.logLikelihood > a.logLikelihood ? b : a));
  return { heldOut: held.searches, fitted: fit.searches, models, chosen: best.model };
}

/** The selection in a sentence: which model, and by how much on the searches held out. */
export function selectionWords(selection: ModelSelection): string {
  const chosen = selection.models.find((m) => m.model === selection.chosen)!;
  const others = selection.models.filter((m) => m.model !== selection.chosen);
  const other = (pick: (m: ModelScore) => number, digits: number) =>
    others.map((m) => `${m.model.toUpperCase()} ${pick(m).toFixed(digits)}`).join(', ');
  return (
    `auto chose ${selection.chosen.toUpperCase()}: on ${selection.heldOut.toLocaleString('en-US')} searches held out ` +
    `(fitted on ${selection.fitted.toLocaleString('en-US')}), log-likelihood per search ${chosen.logLikelihood.toFixed(4)} ` +
    `(${other((m) => m.logLikelihood, 4)}), perplexity ${chosen.perplexity.toFixed(4)} (${other((m) => m.perplexity, 4)}).`
  );
}
