/** The state door of assertions: what the store composes and other slices type against. */
export { createSuiteSlice, type SuiteSlice } from './suite-slice';
