/** The state door of matrix: what the store composes and other slices type against. */
export { createMatrixSlice, type MatrixSlice } from './matrix-slice';
