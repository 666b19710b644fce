/** The state door of A/B tests: what the store composes and other slices type against. */
export { type AbTestSlice, createAbTestSlice } from './abtest-slice';
