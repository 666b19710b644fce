/** The state door of search: what the store composes and other slices type against. */
export { createSavedSlice, type SavedSlice } from './saved-slice';
export { createSearchSlice, type SearchSlice } from './search-slice';
export { type SavedRef } from './tab-model';
