/** The state door of judgments: what the store composes and other slices type against. */
export { createJudgingSlice, type JudgingSlice } from './judging-slice';
