/** The front door of judgments: what other capabilities may use. */
export { IntentProposer } from './intents';
export { JudgmentLists } from './judgment-lists';
export { poolTopK, type Pooled, type PoolRun, suggestJudgments } from './suggest';
