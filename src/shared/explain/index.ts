/** The front door of explain: what other capabilities may use. */
export { describeDifference, type Difference, explainDifferences, type ExplainSides, type NotAttributed } from './differences';
export {
  EXPLAIN_MEASURES,
  type ExplainAnswer,
  type ExplainJudged,
  type ExplainMeasure,
  explainQuery,
  explainSet,
  formatShare,
  leftOutSentence,
  MEASURE_LABELS,
  type QueryExplanation,
} from './explain';
export {
  explainReport,
  type ExplainReport,
  type ExplainRunView,
  explanationColumns,
  changeIsNoise,
  explanationSentence,
  type KeptExplanation,
  perQueryOf,
  type ReportDifference,
} from './report';
export { type ExplainJob, queryRequests, type QueryRequests, subsetSides } from './requests';
export { DEFAULT_BUDGET, MAX_DIFFERENCES, minimumBudget, shapleyPlan, type ShapleyPlan } from './shapley';
export { explainCli, explainEvents, explainOperations, type ExplainProgressView, type ExplainView } from './operations';
