/** The front door of click models: what other capabilities may use. */
import { fitCoec } from './coec';
import { fitDbn } from './dbn';
import type { ClickModelFit, ClickModelKind } from './fit';
import { fitPbm } from './pbm';
import { type PagePattern, type PreparedPages, preparePages } from './pages';

export {
  CLICK_MODEL_CHOICES,
  type ClickModelChoice,
  type ClickModelFit,
  type ClickModelKind,
  CLICK_MODEL_KINDS,
  FIT,
  type ItemEstimate,
  iterationsName,
} from './fit';
export {
  HELD_OUT,
  type ModelScore,
  type ModelSelection,
  scoreHeldOut,
  SELECTED_MODELS,
  type SelectedModel,
  selectionWords,
  selectModel,
  splitPages,
} from './selection';
export { betaCdf, betaInterval, betaQuantile, gammaInterval, type Interval, logGamma, polygammas, productInterval } from './intervals';
export { evidenceOf, MODEL_DEPTH, type PagePattern, type PairKey, pagesFromColumns, type PreparedPages, preparePages } from './pages';
export { numberedPagesSql, pagePatternsSql, patternOf } from './sql';
export { clicksAgreement, type ClickRatings, clickRatings, peopleDistribution, withClickRatings } from './judgments';
export {
  checkThresholds,
  defaultThresholds,
  examinationsLacking,
  MAX_WIDTH,
  narrowEnough,
  parseThresholds,
  rateEstimates,
  ratingFor,
  type Thresholds,
} from './ratings';
export { checkAgainstTruth, type ClickTruth, kendallTau, truthOrderedTau, type TruthCheck } from './truth-check';
export { fitCoec, fitDbn, fitPbm };

/** A model fitted on page patterns. */
export function fitClickModel(model: ClickModelKind, patterns: readonly PagePattern[]): ClickModelFit {
  return fitPages(model, preparePages(patterns));
}

/** A model fitted on prepared pages (the traffic store's, numbered by DuckDB). */
export function fitPages(model: ClickModelKind, pages: PreparedPages): ClickModelFit {
  return model === 'coec' ? fitCoec(pages) : model === 'pbm' ? fitPbm(pages) : fitDbn(pages);
}
export { clickModelsFitCli, clickModelsOperations, type ClickRatingsView } from './operations';
