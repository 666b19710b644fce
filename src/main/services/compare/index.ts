/** The front door of compare: what other capabilities may use. */
export { type SideSender } from './runner';
export { searchSender } from './sender';
export { batchReportPieces, CompareService } from './service';
export { queryListHash, shardRunId, textHash } from './shard-identity';
export { BatchStore } from './store';
export { Experiments } from './experiments';
