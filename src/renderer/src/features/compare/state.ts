/** The state door of compare: what the store composes and other slices type against. */
export { createCompareSlice } from './compare-slice';
export { type CompareSlice, type SideDraft } from './compare-state';
