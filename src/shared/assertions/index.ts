/** The front door of assertions: what other capabilities may use. */
export { type AnswerUnderTest, type AssertionOutcome, evaluateAssertion } from './evaluate';
export { labelOf } from './labels';
export { prettyReport, reportAs, type ReporterName, REPORTERS, type SuiteRun } from './report';
export { type CaseResult, reproduction, requestToRun, type SuiteTarget, summarizeSuite } from './run';
export { readSuiteFile, type SuiteCase, type SuiteFile } from './suite';
export {
  assertionEvents,
  assertionOperations,
  assertionsCli,
  SUITE_CONCURRENCY,
  type SuiteProgressView,
  type SuiteRunView,
} from './operations';
