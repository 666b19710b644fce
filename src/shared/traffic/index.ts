/** The front door of traffic: what other capabilities may use. */
export { ActivityJoin, activityRow, eventActivity, searchActivity, SIMULATED_CURRENCY } from './activities';
export { CSV_COLUMNS, CsvLog } from './csv-log';
export { FORMAT_NAMES, TrafficReader, type TrafficSink } from './reader';
export {
  emptyImport,
  type FileImport,
  importOutcome,
  type LineProblem,
  NAMED_PROBLEMS,
  type ProblemGroup,
  problemGroupText,
  problemPlace,
  ProblemTally,
  type TrafficFormat,
} from './import-summary';
export {
  ACTIONS,
  type EventRow,
  actionOrderKey,
  fieldHash,
  isObject,
  IMPRESSION,
  LIMITS,
  normalAction,
  POSITION_BASES,
  type PositionBase,
  type RowProblem,
  type SearchRow,
} from './rows';
export { isBulkAction, isUbiEvent, toUbiEvent, toUbiQuery, ubiEvent, ubiQuery } from './ubi';
export { blankSql, bulkLineSql, linesSql, ubiEventsSql, ubiSearchesSql, type VouchMode } from './ubi-sql';
export {
  QUERY_SESSIONS_SQL,
  reportSql,
  SEARCH_OUTCOMES_SQL,
  searchOutcomesSql,
  searchWhere,
  type Sql,
  TRAFFIC_COLUMNS,
  NO_SEGMENT,
  TRAFFIC_GROUPS,
  type TrafficFilter,
  type TrafficGroup,
  type TrafficReport,
  type TrafficRow,
} from './views';
export { CLICK_MODELS, type ClickModel, clickModel, type ClickModelName, expectedClicks, shop, swapPairs } from './simulate/click-model';
export {
  dayOfSession,
  misspell,
  type PageRequest,
  SEGMENTS,
  type Serve,
  type ServedPage,
  type SimulatedSession,
  type SimulationOptions,
  sessionIdOf,
  simulateSession,
  shopperOf,
  zipfSampler,
} from './simulate/shoppers';
export { type TrafficTruth, truthOf, TRUTH_K } from './simulate/truth';
export { type QueryFrequency, SAMPLE_METHODS, type SampledQuery, type SampleMethod, sampleQueries } from './sample';
export { cellOf, COLUMN_LABELS, columnLabel, formatMoney } from './cells';
export { type RowChunks, trafficCsvPieces, trafficJsonPieces } from './report-out';
export {
  clicksByPositionSql,
  queryByDaySql,
  queryItemsSql,
  type QueryPage,
  type QueryServed,
  servedSql,
  type Worklist,
  type WorklistRow,
  WORKLISTS,
  worklistSql,
} from './query-views';
export {
  type ImportView,
  importIdSchema,
  type StoreImport,
  TRAFFIC_FILTER_FLAGS,
  trafficEvents,
  trafficFilterCli,
  trafficImportCli,
  trafficOperations,
  type TrafficOverview,
  type TrafficProgressView,
  trafficReportCli,
  trafficSampleCli,
  trafficSimulateCli,
} from './operations';
export { checkFilter, trafficFilterSchema } from './filter';
export { daySeries, type DayPoint, FEW_SEARCHES, wilson } from './day-series';
export { changeAgainst, previousPeriod } from './period';
export { type FunnelStep, funnelOf } from './funnel';
