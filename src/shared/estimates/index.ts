/**
 * The front door of estimates on traffic: what configuration B would have earned on traffic logged under A — the
 * replay's estimators (model, IPS, SNIPS, DR) with bootstrap intervals, and team-draft interleaving with its sign
 * test (issue 45).
 */
export { type Behaviour, behaviourOf, drawClicks, examination, REPLAY_MODELS, type ReplayModel } from './behaviour';
export {
  DEFAULT_REPLICATES,
  DEFAULT_SEED,
  type EstimateOptions,
  estimateOnLog,
  LOW_COVERAGE,
  type OutcomeEstimate,
  replicateCounts,
  sessionWeights,
  type TargetClicks,
  type TrafficEstimate,
} from './estimate';
export { conversionRates, LOSES_CLICKS, OUTCOMES, type OutcomeName, outcomeValues, pageOutcomes } from './outcomes';
export {
  interleavingDelta,
  interleavingOutcome,
  type Interleaved,
  outcomeChances,
  signTest,
  type Team,
  teamDraft,
  teamDrafts,
} from './interleave';
export {
  type Conversions,
  coverageOf,
  DEFAULT_CLIP,
  ESTIMATORS,
  type EstimatorName,
  type InterleavingTally,
  type ReplayLog,
  replayedSearches,
  replayInterleaving,
  replayValues,
} from './replay';
export { headlineOf, SUPPORT_RULES, type Support, supportOf, unreliability, type WeightSums } from './support';
export { type LoggedSearch, replayLogOf, type Target, withTargets } from './replay-log';
export { clicksScorer, type ClicksOf } from './scorer';
export { estimatesCli, estimatesGateCli, estimatesReplayCli, estimatesOperations, type TrafficEstimateView } from './operations';
