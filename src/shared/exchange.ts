import type { WorkbenchError } from './ipc/result';

/** One HTTP call as the user sees it: what went out, what came back, how long it took. Secrets redacted. */
export interface ExchangeRecord {
  id: string;
  startedAt: string;
  method: string;
  url: string;
  requestHeaders: [string, string][];
  requestBody?: string;
  status?: number;
  responseHeaders: [string, string][];
  responseBody?: string;
  /** Response body size in bytes. */
  size: number;
  timings: {
    /** Time to open the connection (0 when reused, null when unknown). */
    connectMs: number | null;
    /** Time until the response headers arrived. */
    firstByteMs: number | null;
    totalMs: number;
    reusedConnection: boolean | null;
  };
  viaProxy: string | null;
  /** The service's own error message, when it sent one. */
  serviceMessage?: string;
  error?: WorkbenchError;
}
