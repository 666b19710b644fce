import { failure } from '../../shared/ipc/result';
import { buildHttpRequest, type Transport } from '../../shared/request/http';
import type { AnyRequest, RequestKind } from '../../shared/request/types';
import { responseSchema } from '../../shared/response-schema';
import { describeIssues, zodIssues } from '../../shared/zod-issues';
import type { HttpClient } from './http/client';
import type { ExchangeRecord } from '../../shared/exchange';

export interface SearchOutcome {
  response: unknown;
  exchange: ExchangeRecord;
  /** Where the answer differs from the documented shape. */
  warnings: string[];
  /** The body as received (UTF-8 JSON), for callers that store the answer as it came. */
  raw: Buffer;
}

/** Search, suggest and autocomplete against a profile's base URL, over the shared wire format. */
export class SearchClient {
  constructor(private readonly http: HttpClient) {}

  async run(
    baseUrl: string,
    kind: RequestKind,
    request: AnyRequest,
    options: {
      transport?: Transport;
      signal?: AbortSignal;
      deadlineMs?: number;
      /** For batch runs: no bodies in the exchange record and no shape check — the caller keeps the answer. */
      lean?: boolean;
    } = {},
  ): Promise<SearchOutcome> {
    const spec = buildHttpRequest(kind, baseUrl, request, options.transport ?? 'post');
    const outcome = await this.http.send({
      method: spec.method,
      url: spec.url,
      headers: spec.headers,
      ...(spec.body !== undefined ? { body: spec.body } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}),
      ...(options.lean ? { recordBodies: false } : {}),
    });
    if (!outcome.ok) throw failure(outcome.error.code, outcome.error.message, { ...outcome.error.details, exchange: outcome.exchange });
    if (outcome.status >= 400) {
      const error = outcome.exchange.error!;
      throw failure('http', error.message, { ...error.details, exchange: outcome.exchange });
    }
    let response: unknown;
    try {
      response = JSON.parse(outcome.text);
    } catch (err) {
      throw failure('http', `The service answered ${outcome.status} with a body that is not JSON (${(err as Error).message}).`, {
        status: outcome.status,
        exchange: outcome.exchange,
      });
    }
    if (options.lean) return { response, exchange: outcome.exchange, warnings: [], raw: outcome.bytes };
    const mask = (request as { options?: { customResponseMask?: unknown } }).options?.customResponseMask;
    const checked = responseSchema(kind, typeof mask === 'string' && mask.trim() !== '').safeParse(response);
    const warnings = checked.success
      ? []
      : [`The answer does not match the documented ${kind} response: ${describeIssues(zodIssues(checked.error), 5)}`];
    return { response, exchange: outcome.exchange, warnings, raw: outcome.bytes };
  }
}
