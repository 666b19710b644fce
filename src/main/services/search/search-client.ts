import { failure, type ExchangeRecord } from '../../../shared/errors';
import { answerTooDeep, MAX_ANSWER_DEPTH, nestingDepth } from '../../../shared/json-value';
import {
  buildHttpRequest,
  type Transport,
  type RequestEnvelope,
  type RequestKind,
  type RequestOf,
  type ResponseOf,
  checkResponse,
} from '../../../shared/request';
import type { HttpClient } from '../http';

export interface SearchOutcome<K extends RequestKind = RequestKind> {
  response: ResponseOf<K>;
  exchange: ExchangeRecord;
  /** Where the answer differs from the documented shape. */
  warnings: string[];
  /** The body as received (UTF-8 JSON), for callers that store the answer as it came. */
  raw: Buffer;
}

/** An outcome with the kind of request it answers, so the response is typed by it. */
export type KindOutcome =
  | ({ kind: 'search' } & SearchOutcome<'search'>)
  | ({ kind: 'suggest' } & SearchOutcome<'suggest'>)
  | ({ kind: 'autocomplete' } & SearchOutcome<'autocomplete'>);

export interface SendOptions {
  signal?: AbortSignal;
  deadlineMs?: number;
  /** For batch runs: no bodies in the exchange record and no shape check — the caller keeps the answer. */
  lean?: boolean;
  /** Headers beyond the wire format's: only the emulator's own clock (`x-emulator-clock`) is ever sent. */
  extraHeaders?: Record<string, string>;
}

/** Search, suggest and autocomplete against a profile's base URL, over the shared wire format. */
export class SearchClient {
  constructor(private readonly http: HttpClient) {}

  /** Sends a request as its envelope says (kind, transport) and answers with the response typed by kind. */
  async send(baseUrl: string, envelope: RequestEnvelope, options: SendOptions = {}): Promise<KindOutcome> {
    switch (envelope.kind) {
      case 'search':
        return { kind: 'search', ...(await this.run(baseUrl, 'search', envelope.request, { ...options, transport: envelope.transport })) };
      case 'suggest':
        return { kind: 'suggest', ...(await this.run(baseUrl, 'suggest', envelope.request, options)) };
      case 'autocomplete':
        return { kind: 'autocomplete', ...(await this.run(baseUrl, 'autocomplete', envelope.request, options)) };
    }
  }

  async run<K extends RequestKind>(
    baseUrl: string,
    kind: K,
    request: RequestOf<K>,
    options: SendOptions & { transport?: Transport } = {},
  ): Promise<SearchOutcome<K>> {
    const spec = buildHttpRequest(kind, baseUrl, request, options.transport ?? 'post');
    const outcome = await this.http.send({
      method: spec.method,
      url: spec.url,
      headers: options.extraHeaders ? [...spec.headers, ...Object.entries(options.extraHeaders)] : spec.headers,
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
    let body: unknown;
    try {
      body = JSON.parse(outcome.text);
    } catch (err) {
      throw failure('http', `The service answered ${outcome.status} with a body that is not JSON (${(err as Error).message}).`, {
        status: outcome.status,
        exchange: outcome.exchange,
      });
    }
    if (nestingDepth(body, MAX_ANSWER_DEPTH) > MAX_ANSWER_DEPTH)
      throw failure('http', answerTooDeep(outcome.status), { status: outcome.status, exchange: outcome.exchange });
    const mask = request.options?.customResponseMask;
    const masked = typeof mask === 'string' && mask.trim() !== '';
    const { response, warnings } = checkResponse(kind, body, { masked, check: !options.lean });
    return { response, exchange: outcome.exchange, warnings, raw: outcome.bytes };
  }
}
