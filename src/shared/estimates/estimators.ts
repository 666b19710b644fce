/** The estimators that replay the log; `interleave` is the replay's second opinion (replayInterleaving). */
export const ESTIMATORS = ['model', 'ips', 'snips', 'dr'] as const;
export type EstimatorName = (typeof ESTIMATORS)[number];
