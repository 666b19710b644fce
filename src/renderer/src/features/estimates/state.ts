/** The state door of estimates: what the store composes and other slices type against. */
export { createEstimatesSlice, type EstimatesSlice } from './estimates-slice';
