/** The state door of explain: what the store composes and other slices type against. */
export { createExplainSlice, type ExplainSlice } from './explain-slice';
