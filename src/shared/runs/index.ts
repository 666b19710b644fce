/** The front door of runs: what other capabilities may use. */
export { againstBaseline, type BaselineRun, readBaselineReport } from './baseline';
export { evaluateGate, gateLine, type GateSpec, parseGateMetric } from './gate';
export { mergeShards, type ShardRun } from './merge';
export { inShard, parseShard, type Shard } from './shard';
export { type RunSnapshot, runSnapshotSchema } from './snapshot';
export { judgmentsChanged, type RunRankings, type SideMean, trend, type TrendRun } from './trend';
export { runsOperations, type TrendView } from './operations';
