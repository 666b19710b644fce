/** The front door of metrics: what other capabilities may use. */
export {
  countsInMean,
  type Gain,
  METRIC_NAMES,
  type MetricName,
  type Metrics,
  perMetric,
  type QualityOptions,
  queryQuality,
  runQuality,
} from './quality';
export { readRun } from './run-input';
export {
  meanInterval,
  studentQuantile,
  comparePaired,
  EPS_TIE,
  INTERVAL_METHOD,
  normalQuantile,
  normalUpperTail,
  type PairedComparison,
  SIGNIFICANCE,
} from './significance';
export { metricsCli } from './cli';
