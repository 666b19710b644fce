/** The front door of judgments: what other capabilities may use. */
export {
  agreement,
  type AgreementReport,
  listAgreement,
  type ListAgreement,
  MIN_SHARED,
  type PairFigures,
  parseRaterCsv,
  TooManyRatersError,
} from './agreement';
export {
  EXPORT_FILES,
  EXPORT_FORMATS,
  type ExportFormat,
  fitToScale,
  formatJudgments,
  JUDGMENT_FORMAT_NAMES,
  type JudgmentFormat,
  type ParsedJudgments,
  parseJudgments,
  readCuts,
} from './formats';
export { type FacetValues, intentText, parseIntentText, proposeIntent } from './intent';
export {
  canonicalRatings,
  CLICKS_BY,
  isLlmRating,
  LLM_BY,
  countedSources,
  DEFAULT_SCALE,
  findJudged,
  indexRatings,
  isClicksRating,
  type JudgmentList,
  judgmentListSchema,
  MAX_RATING_LIMIT,
  newJudgmentList,
  type Rating,
  type RatingIndex,
  type RatingMode,
  ratingOf,
  ratingSchema,
  RATINGS_COUNTED,
  type RatingsCounted,
  ratingsCountedOf,
  resolvedRatings,
  type Scale,
  setRating,
} from './model';
export { itemFacets, type JudgingQueue, type PoolQuery, poolQueue, skipKey } from './pool';
export { queryKey, queryOfQid } from './query-key';
export {
  agreementOfList,
  type ApartItem,
  type BothRated,
  apartIndex,
  type ClicksOpinion,
  clicksIndex,
  clicksSources,
  isSourceRating,
  type SourceKind,
  type ListAgreementWithShoppers,
  type PeopleVsClicks,
  peopleVsClicks,
} from './shoppers';
export { type CompiledRule, compileRules, type Intent, intentSchema, RULES_LIMITS, suggestRating } from './rules';
export { type ItemRating, judgmentOperations, judgmentsConvertCli, type JudgmentsImported, judgmentsSuggestCli } from './operations';
