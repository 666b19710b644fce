/** The front door of matrix: what other capabilities may use. */
export { type MatrixProgress } from './runner';
export { type MatrixInput, MatrixService } from './service';
