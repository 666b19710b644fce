import { HttpClient } from '../main/services/http';
import { intOption, type CliIo } from './command';

/** The service a command asks, for parseArgs: `--base-url U --token T`. */
export const SERVICE_FLAGS = { 'base-url': { type: 'string' }, token: { type: 'string' } } as const;

/** One query or a list of them, for parseArgs: `--query Q | --queries FILE`. */
export const QUERY_FLAGS = { query: { type: 'string' }, queries: { type: 'string' } } as const;

/** `--concurrency N|auto` and `--timeout MS`, read the same way by every command that sends many requests. */
export interface RunOptions {
  /** 'auto': paced from the service's own refusals, up to 32 requests in flight. */
  auto: boolean;
  concurrency: number;
  timeout: number | undefined;
}

export function runOptions(
  values: { concurrency?: string | undefined; timeout?: string | undefined },
  defaultConcurrency: number,
): RunOptions {
  const auto = values.concurrency === 'auto';
  return {
    auto,
    concurrency: auto ? 32 : (intOption(values.concurrency, 'concurrency', 1, 64) ?? defaultConcurrency),
    timeout: intOption(values.timeout, 'timeout', 1000, 300_000),
  };
}

/** The runner options that follow from them: the pace and the per-request timeout. */
export function pacing(options: RunOptions): { pace?: 'auto'; deadlineMs?: number } {
  return { ...(options.auto ? { pace: 'auto' as const } : {}), ...(options.timeout ? { deadlineMs: options.timeout } : {}) };
}

/** An HTTP client with a connection for each request in flight and a few spare. */
export function runClient(options: RunOptions, minConnections: number): HttpClient {
  return new HttpClient({
    ...(options.timeout ? { deadlineMs: options.timeout } : {}),
    connectionsPerOrigin: Math.max(minConnections, options.concurrency * 2),
  });
}

/**
 * Ctrl+C and SIGTERM call `onStop` (once each) until `dispose`: a run of many requests stops or pauses instead of
 * dying mid-write.
 */
export function onStopSignal(onStop: () => void): { dispose: () => void } {
  process.once('SIGINT', onStop);
  process.once('SIGTERM', onStop);
  return {
    dispose: () => {
      process.off('SIGINT', onStop);
      process.off('SIGTERM', onStop);
    },
  };
}

/** A stop signal that aborts the run, saying so on stderr. */
export function abortOnStop(io: CliIo): { signal: AbortSignal; dispose: () => void } {
  const abort = new AbortController();
  const { dispose } = onStopSignal(() => {
    io.stderr('Stopping.');
    abort.abort();
  });
  return { signal: abort.signal, dispose };
}

/** Progress on stderr at most once a second, and always the last line. */
export function throttledProgress<P>(io: CliIo, line: (p: P) => string, last: (p: P) => boolean): (p: P) => void {
  let at = 0;
  return (p) => {
    if (Date.now() - at < 1000 && !last(p)) return;
    at = Date.now();
    io.stderr(line(p));
  };
}
