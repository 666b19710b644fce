/**
 * The front door of the report layer: the HTML reports, React components drawn on one page (`ReportPage`: escaping
 * by construction, the app's colour and type tokens) and rendered to a string. It may import src/shared, React and
 * react-dom/server only — no Node, no DOM — so the command line, the services and the window all write the same
 * pages. The window loads a page's renderer only when one is exported (`matrixHtml`).
 */
export { batchHtml, type HtmlAddition } from './compare';
export { explanationAddition, ExplanationSection } from './explain';
export { renderReport, ReportPage, type ReportPageProps } from './page';
export { REPORT_TOKENS, tokenCss } from './tokens';
export { HTML_REPORT_ROWS, trafficHtmlOf, trafficHtmlPage } from './traffic';
import type { MatrixRun } from '../shared/matrix';

/** The matrix as a self-contained HTML page, loaded when asked: the window's screens need not carry react-dom/server. */
export async function matrixHtml(run: MatrixRun): Promise<string> {
  return (await import('./matrix')).matrixHtml(run);
}
