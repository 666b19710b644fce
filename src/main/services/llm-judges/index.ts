/** The front door of llm-judges: what other capabilities may use. */
export { type Asked, JudgeClient, type JudgeEndpoint } from './ask';
export { type CachedVerdict, VERDICT_CACHE_FORMAT, VerdictCache } from './cache';
export { estimateJudging, JUDGE_SEED, type JudgeEstimate, type JudgeOutcome, type JudgePair, type JudgeRun, judgePairs } from './run';
export { DEFAULT_JUDGE_MASK, JUDGE_CACHE_FOLDER, JudgeService } from './service';
