/** The front door of http: what other capabilities may use. */
export { HttpClient, type HttpOutcome } from './client';
export { Redactor } from './redact';
