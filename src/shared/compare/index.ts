export * from './queries';
export * from './repro';
export * from './reports';
export * from './sides';
export * from './summary';
export * from './types';
export * from './schema';
export { type Experiment, experimentBatch, experimentSchema, type NewExperiment, newExperimentSchema } from './experiment';
export {
  answerSummary,
  COMPARE_KINDS,
  type CompareKind,
  KIND_WORDS,
  kindedAnswer,
  kindMeasures,
  kindRequest,
  type KindResponse,
  MAX_PREFIX,
  prefixesOf,
} from './kinds';
export { qualitySettings } from './quality-config';
export {
  batchQuality,
  type BatchQuality,
  formatP,
  metricLabel,
  type QualityConfig,
  qualitySentence,
  type QueryQualityRow,
  ratingsCountedText,
  weightText,
  sideNames,
} from './quality';
export { resultChunkSchema } from './result-schema';
export {
  type BatchAttachments,
  type BatchListItem,
  type BatchResultView,
  type BatchView,
  compareEvents,
  compareCli,
  compareOperations,
} from './operations';
