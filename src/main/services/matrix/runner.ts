import { setMaxListeners } from 'node:events';
import { rankingOf } from '../../../shared/compare';
import { type MatrixCell, matrixRows, type CellAnswer, type CellItem, type MatrixRun } from '../../../shared/matrix';
import type { SearchRequest, SearchResponse } from '../../../shared/request';
import { PacedRetry, sendFailure, type PacedRetryOptions, type SendFailure } from '../pacing';
import { CLOCK_HEADER } from '../../emulator/clock';
import type { SearchClient } from '../search';

/** Sends one cell's request (with the cell's hour on the emulator's clock, when the grid has hours). */
export type CellSender = (
  request: SearchRequest,
  cell: MatrixCell,
  signal: AbortSignal,
) => Promise<{ ok: true; response: SearchResponse; status?: number } | SendFailure>;

/**
 * The cell sender of the app and the command line alike: each cell's search through the client's lean path,
 * its hour (when the grid has hours) as the emulator's clock header, a failure with its status and Retry-After.
 */
export function matrixSender(client: SearchClient, baseUrl: string, deadlineMs?: number): CellSender {
  return async (request, cell, signal) => {
    try {
      const outcome = await client.run(baseUrl, 'search', request, {
        signal,
        lean: true,
        ...(deadlineMs ? { deadlineMs } : {}),
        ...(cell.hour !== undefined ? { extraHeaders: { [CLOCK_HEADER]: String(cell.hour) } } : {}),
      });
      return { ok: true, response: outcome.response, status: outcome.exchange.status ?? 200 };
    } catch (err) {
      return sendFailure(err);
    }
  };
}

export interface MatrixProgress {
  total: number;
  done: number;
  failed: number;
}

export interface MatrixRunOptions
  extends Omit<PacedRetryOptions, 'pace'>, Pick<MatrixRun, 'queries' | 'axes' | 'configurations' | 'hours' | 'cells' | 'baseline' | 'k'> {
  /** The request every cell starts from (token, options, other context; its query is not used): the cell sets configuration and variables. */
  base: SearchRequest;
  send: CellSender;
  concurrency: number;
  pace?: 'auto';
  signal?: AbortSignal;
  onProgress?: (progress: MatrixProgress, answered: { query: string; cell: string; answer: CellAnswer }) => void;
}

/** The first k items of an answer with their titles and images, as the grid shows them. */
function topOf(response: SearchResponse, k: number): CellItem[] {
  return (Array.isArray(response?.items) ? response.items : []).slice(0, k).map((item, i) => {
    const title = item.product?.title ?? item.redirect?.name;
    const image = item.product?.imageUrl;
    return {
      id: typeof item.id === 'string' ? item.id : `#${i + 1}`,
      ...(typeof title === 'string' ? { title } : {}),
      ...(typeof image === 'string' ? { imageUrl: image } : {}),
    };
  });
}

/** One cell's request for one query: the base, the cell's configuration (none: the default) and its variables over the base's. */
export function cellRequest(base: SearchRequest, cell: MatrixCell, query: string): SearchRequest {
  const { configurationId: _configurationId, ...rest } = base;
  const variables = { ...(base.context?.variables ?? {}), ...cell.variables };
  const request: SearchRequest = { ...rest, query, ...(cell.configurationId ? { configurationId: cell.configurationId } : {}) };
  // Axis values absent from the cell are absent from the request, even when the base has them.
  for (const [name, value] of Object.entries(cell.values)) if (value === null) delete variables[name];
  const context = { ...(base.context ?? {}), variables };
  if (Object.keys(variables).length === 0) delete (context as { variables?: unknown }).variables;
  return Object.keys(context).length ? { ...request, context } : request;
}

/**
 * Runs every (query, cell) of a matrix once, paced and retried as every run of many requests is; cancel stops
 * what is in flight and the rows answered so far are kept.
 */
export async function runMatrix(options: MatrixRunOptions): Promise<MatrixRun> {
  const abort = new AbortController();
  setMaxListeners(0, abort.signal);
  const stop = () => abort.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) abort.abort();
  const limit = Math.max(options.k, options.base.options?.limit ?? 0);
  const base = { ...options.base, options: { ...(options.base.options ?? {}), offset: 0, limit } };
  const jobs = options.queries.flatMap((query) => options.cells.map((cell) => ({ query, cell })));
  const answers = new Map<string, CellAnswer>();
  const progress: MatrixProgress = { total: jobs.length, done: 0, failed: 0 };
  const sender = new PacedRetry(options);
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(options.concurrency, jobs.length || 1)) }, async () => {
        while (!abort.signal.aborted && next < jobs.length) {
          const { query, cell } = jobs[next++]!;
          const { value, attempts } = await sender.send(
            () => options.send(cellRequest(base, cell, query), cell, abort.signal),
            abort.signal,
          );
          if (abort.signal.aborted) return;
          const count = value.ok ? value.response?.metadata?.count : undefined;
          const answer: CellAnswer = value.ok
            ? {
                ok: true,
                ids: rankingOf(value.response),
                count: typeof count === 'number' ? count : null,
                top: topOf(value.response, options.k),
              }
            : { ok: false, error: `${value.error.message}${attempts > 1 ? ` (after ${attempts} tries)` : ''}` };
          if (!answer.ok) progress.failed++;
          progress.done++;
          answers.set(`${query}\u0000${cell.key}`, answer);
          options.onProgress?.({ ...progress }, { query, cell: cell.key, answer });
        }
      }),
    );
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
  return {
    queries: options.queries,
    axes: options.axes,
    configurations: options.configurations,
    ...(options.hours?.length ? { hours: options.hours } : {}),
    cells: options.cells,
    baseline: options.baseline,
    k: options.k,
    rows: matrixRows(options.queries, options.cells, options.baseline, (q, c) => answers.get(`${q}\u0000${c}`), options.k),
    requests: progress.done,
    failed: progress.failed,
    stopped: abort.signal.aborted,
  };
}
