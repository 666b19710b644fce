/**
 * The front door of A/B tests: tests as workspace files, which variation a user gets (as the storefront's package
 * draws it), and reading a test from traffic — the sample-ratio check, fixed-horizon and always-valid significance,
 * and the planner (issue 46).
 */
export { type Assignment, assign, bucketOf, variationOfBucket } from './bucket';
export { murmur3LowBytes } from './murmur';
export {
  alwaysValid,
  type ArmSums,
  chiSquareUpperTail,
  difference,
  fixedHorizon,
  gammaUpperRegularized,
  meanSampleSize,
  proportionSampleSize,
  sampleRatioMismatch,
  SRM_ALPHA,
} from './stats';
export {
  AB_TEST_FORMAT,
  type AbTest,
  abTestFileSchema,
  abTestSchema,
  notStarted,
  outsideTestDays,
  testSpan,
  type Variation,
  variationSchema,
} from './test';
export { parseAbTest } from './read-test';
export { type BaselinePlan, planOnBaseline, plannedUsers, type StorePlan } from './plan';
export { inVariation } from './variation-request';
export {
  AB_METRICS,
  type AbMetric,
  type AbReadout,
  type LiftReadout,
  type ArmDay,
  type ArmTotals,
  readFromSums,
  readTest,
  revenueCapOf,
  sumsOfDays,
  type TestSums,
  type ReadoutOptions,
  type StoreReadout,
  type UserDay,
  type VariationReadout,
} from './readout';
export { falseWins, type OutcomeSimulation, powerAtPlannedSize, simulateOutcomes, twoArms } from './simulate';
export { preWindowStart, testWindow } from './window';
export {
  type BeyondTheMetric,
  type Comparison,
  type CupedLift,
  type GroupSums,
  type Guardrail,
  MIN_SEGMENT_USERS,
  PRE_PERIOD_DAYS,
  segmentLifts,
  type SegmentLift,
} from './analysis';
export { AB_READING_DEFAULTS, type AbReading, abReadingSchema } from './reading';
export { type AbPlanView, type AbReadoutView, abtestOperations, abtestReadCli, userIdsSchema } from './operations';
