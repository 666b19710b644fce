/** The front door of matrix: what other capabilities may use. */
export { MatrixPanel } from './MatrixPanel';
export { matrixSpecOf } from './matrix-slice';
