/** The state door of estimates: what the store composes and other slices type against. */
export { createOnTrafficSlice, type OnTrafficSlice } from './estimates-slice';
