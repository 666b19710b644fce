/** The front door of report: the page every HTML report is drawn on, and the app's tokens it uses. */
export { ReportPage, renderReport, type ReportPageProps } from './page';
export { REPORT_TOKENS, tokenCss } from './tokens';
