/** The front door of pacing: what other capabilities may use. */
export { OneRun } from './one-run';
export { abortableSleep, PacedRetry, type PacedRetryOptions, sendFailure, type SendFailure } from './paced-retry';
export { type BackoffPolicy, RateLimiter, retryAfterMs, withRetries } from './retry';
