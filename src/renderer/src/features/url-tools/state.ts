/** The state door of url-tools: what the store composes and other slices type against. */
export { createUrlToolsSlice, type UrlToolsSlice } from './url-tools-slice';
