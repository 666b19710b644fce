/** The record of one HTTP call; declared beside the errors that carry it (./ipc/result). */
export type { ExchangeRecord } from './result';
