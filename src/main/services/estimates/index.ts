/** The front door of estimates on traffic in the main process: a configuration replayed on the traffic store. */
export {
  type EstimateInput,
  type EstimateProgress,
  type EstimateReport,
  estimateOnStore,
  type InterleavingEstimate,
  lowCoverageWords,
} from './estimate';
export { type ReplayContext, replayLogOnStore, sideA } from './log';
export { type RankingSource, runRankings, serviceRankings } from './rankings';
export { clicksOnStore } from './clicks';
export { trueClicksAtK } from './truth';
export { EstimatesService, TrafficEstimates } from './service';
