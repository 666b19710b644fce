/** The state door of suggest: what the store composes and other slices type against. */
export { createSuggestSlice, type SuggestSlice } from './suggest-slice';
