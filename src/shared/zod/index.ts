/** The front door of zod: what other capabilities may use. */
export { asSentence, describeIssues, type ErrorIssue, issuePath, zodIssues } from './issues';
