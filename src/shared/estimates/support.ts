import type { EstimatorName } from './estimators';

/**
 * Whether the log supports IPS and SNIPS: inverse-propensity estimators rest on the logged clicks of B's items, each
 * reweighted by how much likelier B is to show it where it was looked at. They hold only where the log showed B's
 * items (an item never shown for its query and context adds nothing: B is undercounted), and where the weights are
 * spread over many impressions (a few heavy weights make a few shoppers' clicks the whole answer).
 */

/** The weights as the replay met them: per impression of one of B's items in the log, its weight after the clip. */
export interface WeightSums {
  /** Impressions of B's items (each search's session weight). */
  impressions: number;
  sum: number;
  squares: number;
  /** The largest weight before the clip; Infinity where B looks at a rank the model says nobody reads. */
  largest: number;
  /**
   * B's top-k places over A's searches; of them, those whose item a logged search of that query and context did not
   * show (as a share of those searches: what IPS counts as no click), and those whose item no logged search showed.
   */
  places: number;
  unshownPlaces: number;
  neverShownPlaces: number;
}

export interface Support {
  /** Kish's effective sample size of the weights: (Σw)² / Σw², as many impressions as weighed equally would give. */
  effectiveSampleSize: number;
  impressions: number;
  /** Before the clip; null when unbounded (a rank the model says nobody reads). */
  largestWeight: number | null;
  /**
   * The share of B's top-k places, over A's searches, whose item the logged searches of that query and context did
   * not show: IPS counts each as no click, so B is undercounted by about this share.
   */
  unseenShare: number;
  /** The share whose item no logged search of that query and context showed: SNIPS's blind spot (it counts 0 there). */
  neverShownShare: number;
  /** The share of weighted clicks the clip cut. */
  clippedShare: number;
  /** What the log lacks, each with the estimators it undoes; empty when it supports them all. */
  problems: Problem[];
}

export interface Problem {
  estimators: EstimatorName[];
  words: string;
}

/**
 * The rules, as the guide states them: IPS is unreliable where the logged searches did not show B's item in more than
 * 10% of B's places, SNIPS where no logged search showed it in more than 10%; both where the weights' effective sample
 * size is under 30 or under a tenth of the impressions, or where the clip cut more than 5% of the weighted clicks.
 */
export const SUPPORT_RULES = { maxUnseenShare: 0.1, minEffective: 30, minEffectiveShare: 0.1, maxClippedShare: 0.05 } as const;

const percent = (x: number) => `${Math.round(x * 100)}%`;

export function supportOf(sums: WeightSums, clippedShare: number): Support {
  const effectiveSampleSize = sums.squares > 0 ? sums.sum ** 2 / sums.squares : 0;
  const unseenShare = sums.places > 0 ? sums.unshownPlaces / sums.places : 0;
  const neverShownShare = sums.places > 0 ? sums.neverShownPlaces / sums.places : 0;
  const problems: Problem[] = [];
  if (unseenShare > SUPPORT_RULES.maxUnseenShare)
    problems.push({
      estimators: ['ips'],
      words: `in ${percent(unseenShare)} of B's places the logged searches did not show B's item: IPS counts those as no click`,
    });
  if (neverShownShare > SUPPORT_RULES.maxUnseenShare)
    problems.push({
      estimators: ['ips', 'snips'],
      words: `${percent(neverShownShare)} of B's places hold items no logged search showed there: SNIPS counts them as never clicked`,
    });
  if (effectiveSampleSize < Math.max(SUPPORT_RULES.minEffective, SUPPORT_RULES.minEffectiveShare * sums.impressions))
    problems.push({
      estimators: WEIGHTED,
      words: `the weights' effective sample size is ${Math.round(effectiveSampleSize).toLocaleString('en-US')} of ${Math.round(sums.impressions).toLocaleString('en-US')} impressions: a few shoppers' clicks carry the estimate`,
    });
  if (clippedShare > SUPPORT_RULES.maxClippedShare)
    problems.push({
      estimators: WEIGHTED,
      words: `the clip cut ${(clippedShare * 100).toFixed(1)}% of the weighted clicks: B's places are looked at far more than the log's`,
    });
  return {
    effectiveSampleSize,
    impressions: sums.impressions,
    largestWeight: Number.isFinite(sums.largest) ? sums.largest : null,
    unseenShare,
    neverShownShare,
    clippedShare,
    problems,
  };
}

/** The estimators that reweight logged clicks: DR's correction is weighted as SNIPS is. */
const WEIGHTED: EstimatorName[] = ['ips', 'snips', 'dr'];

/**
 * What an estimator's reading should say of its support: null when the diagnostics support it. IPS needs B's items
 * shown on the logged searches, SNIPS shown on some, both sound weights; DR sound weights (the places the log never
 * showed it takes from the model); the model needs none.
 */
export function unreliability(estimator: EstimatorName, s: Support): string | null {
  const words = s.problems.filter((p) => p.estimators.includes(estimator)).map((p) => p.words);
  return words.length ? words.join('; ') : null;
}

/**
 * The headline: the estimator the diagnostics support that errs least against the truth where they do — DR (the model
 * where the log is silent, corrected by the clicks where it speaks); the model itself where DR's weights are unsound.
 */
export const headlineOf = (s: Support): EstimatorName => (unreliability('dr', s) ? 'model' : 'dr');
