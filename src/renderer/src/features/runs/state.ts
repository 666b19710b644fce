/** The state door of runs: what the store composes and other slices type against. */
export { createRunsSlice, type RunsSlice } from './runs-slice';
