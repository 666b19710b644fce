/** The front door of matrix: what other capabilities may use. */
import type { MatrixRun } from './report';

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
export { type CellAnswer, type CellItem, cellSummaries, matrixRows } from './measures';
export { changeBand, matrixCsv, matrixJson, type MatrixRun } from './report';

/**
 * The matrix as a self-contained HTML page, loaded when asked: it brings react-dom/server, which the app's
 * screens need not carry until someone exports one.
 */
export async function matrixHtml(run: MatrixRun): Promise<string> {
  return (await import('./report-html')).matrixHtml(run);
}
export { matrixEvents, matrixOperations, type MatrixProgressView } from './operations';
