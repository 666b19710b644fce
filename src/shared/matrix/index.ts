/** The front door of matrix: what other capabilities may use. */
export {
  buildCells,
  checkMatrix,
  findBaseline,
  type MatrixAxis,
  type MatrixCell,
  type MatrixProblem,
  type MatrixSpec,
  MAX_MATRIX_QUERIES,
  parseAxisArg,
  valueLabel,
} from './grid';
export { type CellAnswer, type CellItem, cellSummaries, type MatrixRow, matrixRows } from './measures';
export { changeBand, matrixCsv, matrixJson, type MatrixRun } from './report';
export { matrixCli, matrixEvents, matrixOperations, type MatrixProgressView } from './operations';
