import { randomUUID } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { Agent, EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import { failure, type WorkbenchError, type ExchangeRecord } from '../../../shared/errors';
import { Redactor } from './redact';
import { measure } from './timings';

export interface HttpClientOptions {
  /** Proxy settings come from here (HTTPS_PROXY, HTTP_PROXY, NO_PROXY); process.env by default. */
  env?: NodeJS.ProcessEnv;
  /** Extra CA certificates (PEM) trusted on top of the built-in roots. */
  extraCaPems?: string[];
  connectionsPerOrigin?: number;
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /** Default overall deadline per request. */
  deadlineMs?: number;
  maxResponseBytes?: number;
  redactor?: Redactor;
}

export interface HttpCall {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers: [string, string][];
  body?: string;
  deadlineMs?: number;
  signal?: AbortSignal;
  /**
   * Batch runs that keep the answer themselves ask for a lean call: no
   * bodies in the exchange record and no connection timings (which need an
   * AsyncLocalStorage context per call).
   */
  recordBodies?: boolean;
}

export type HttpOutcome =
  | { ok: true; status: number; headers: Record<string, string>; text: string; bytes: Buffer; exchange: ExchangeRecord }
  | { ok: false; error: WorkbenchError; exchange: ExchangeRecord };

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function proxyFor(url: string, env: NodeJS.ProcessEnv): string | null {
  const target = new URL(url);
  const noProxy = (env.NO_PROXY ?? env.no_proxy ?? '').split(/[,\s]+/).filter(Boolean);
  const host = target.hostname.toLowerCase();
  if (
    noProxy.some(
      (entry) =>
        entry === '*' ||
        host === entry.replace(/^\./, '').toLowerCase() ||
        host.endsWith(entry.startsWith('.') ? entry.toLowerCase() : `.${entry.toLowerCase()}`),
    )
  )
    return null;
  const proxy = target.protocol === 'https:' ? (env.HTTPS_PROXY ?? env.https_proxy) : (env.HTTP_PROXY ?? env.http_proxy);
  return proxy && proxy.trim() !== '' ? proxy : null;
}

/** The service's message from an error body: `message`, OAuth's `error_description`, or `error`. */
export function serviceMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    for (const key of ['message', 'error_description', 'error', 'detail', 'title'])
      if (typeof body[key] === 'string' && body[key]) return body[key] as string;
  } catch {
    // A non-JSON error page: use its first line if it is short.
  }
  const line = text.trim().split('\n')[0] ?? '';
  return line && line.length < 300 && !line.startsWith('<') ? line : undefined;
}

function classify(err: unknown, url: string, cancelled: boolean, deadlineMs: number): WorkbenchError {
  const e = err as NodeJS.ErrnoException & { code?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  if (cancelled) return { code: 'cancelled', message: 'The request was cancelled.' };
  if (e.name === 'TimeoutError' || code === 'UND_ERR_ABORTED' || e.name === 'AbortError') {
    return {
      code: 'timeout',
      message: `${host} did not answer within ${Math.round(deadlineMs / 1000)} s (the request deadline). Try again, or raise the timeout in Settings.`,
      details: { reason: 'deadline' },
    };
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT')
    return {
      code: 'timeout',
      message: `Connecting to ${host} timed out. Check the address and your network or proxy.`,
      details: { reason: 'connect' },
    };
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return {
      code: 'timeout',
      message: `${host} stopped answering part-way (${code === 'UND_ERR_HEADERS_TIMEOUT' ? 'no headers' : 'body stalled'}).`,
      details: { reason: code },
    };
  if (code === 'ECONNREFUSED')
    return {
      code: 'network',
      message: `${host} refused the connection. Is the service running at that address?`,
      details: { reason: code },
    };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return {
      code: 'network',
      message: `The host ${host} could not be found. Check the profile's URL and your network.`,
      details: { reason: code },
    };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE')
    return {
      code: 'network',
      message: `The connection to ${host} was reset before the answer arrived.`,
      details: { reason: code || 'reset' },
    };
  if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' || /terminated|other side closed/i.test(e.message ?? '')) {
    return {
      code: 'network',
      message: `The connection to ${host} closed before the whole answer arrived (a truncated response).`,
      details: { reason: 'truncated' },
    };
  }
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|DEPTH_ZERO/i.test(code)) {
    return {
      code: 'network',
      message: `The TLS certificate of ${host} is not trusted (${code}). If your company uses its own CA, add it under Settings → Extra CA certificates.`,
      details: { reason: code },
    };
  }
  return {
    code: 'network',
    message: `The request to ${host} failed: ${e.cause?.message ?? e.message ?? String(err)}`,
    details: { reason: code || 'unknown' },
  };
}

/**
 * The one HTTP client main uses for the outside world: a long-lived undici
 * dispatcher with keep-alive and bounded connections, proxies from the
 * environment, extra CAs appended to the built-in roots (certificates are
 * always verified), an overall deadline and cancellation per request, a cap
 * on response size, and an exchange record for every call.
 */
export class HttpClient {
  private dispatcher: Dispatcher;
  readonly redactor: Redactor;
  private readonly env: NodeJS.ProcessEnv;
  private readonly deadlineMs: number;
  private readonly maxResponseBytes: number;

  constructor(private readonly options: HttpClientOptions = {}) {
    this.env = options.env ?? process.env;
    this.redactor = options.redactor ?? new Redactor();
    this.deadlineMs = options.deadlineMs ?? 30_000;
    this.maxResponseBytes = options.maxResponseBytes ?? 32 * 1024 * 1024;
    this.dispatcher = this.createDispatcher(options.extraCaPems ?? []);
  }

  private createDispatcher(extraCaPems: string[]): Dispatcher {
    const ca = extraCaPems.length > 0 ? [...rootCertificates, ...extraCaPems] : undefined;
    const base = {
      connections: this.options.connectionsPerOrigin ?? 16,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 120_000,
      headersTimeout: this.options.headersTimeoutMs ?? 60_000,
      bodyTimeout: this.options.bodyTimeoutMs ?? 60_000,
      connect: { timeout: this.options.connectTimeoutMs ?? 10_000, ...(ca ? { ca } : {}) },
    };
    const env = this.env;
    const httpProxy = env.HTTP_PROXY ?? env.http_proxy;
    const httpsProxy = env.HTTPS_PROXY ?? env.https_proxy;
    if (httpProxy || httpsProxy) {
      return new EnvHttpProxyAgent({
        ...base,
        ...(httpProxy ? { httpProxy } : {}),
        ...(httpsProxy ? { httpsProxy } : {}),
        noProxy: env.NO_PROXY ?? env.no_proxy ?? '',
        ...(ca ? { requestTls: { ca } } : {}),
      });
    }
    return new Agent(base);
  }

  /** Swaps in new trusted CAs (from Settings); calls in flight finish on the old dispatcher. */
  setExtraCaPems(pems: string[]): void {
    const old = this.dispatcher;
    this.dispatcher = this.createDispatcher(pems);
    void old.close().catch(() => {});
  }

  async send(call: HttpCall): Promise<HttpOutcome> {
    const id = randomUUID();
    const startedAt = new Date();
    const start = performance.now();
    const deadlineMs = call.deadlineMs ?? this.deadlineMs;
    const lean = call.recordBodies === false;
    const outer = call.signal;
    // An overall deadline needs a controller of its own (joined to the caller's cancel). Lean calls use
    // undici's header and body timeouts instead and pass the caller's signal straight through.
    let timer: NodeJS.Timeout | undefined;
    let onOuterAbort: (() => void) | undefined;
    let signal = outer;
    if (!lean) {
      const controller = new AbortController();
      timer = setTimeout(() => controller.abort(new DOMException(`No answer within ${deadlineMs} ms`, 'TimeoutError')), deadlineMs);
      onOuterAbort = () => controller.abort(outer?.reason);
      if (outer?.aborted) onOuterAbort();
      else outer?.addEventListener('abort', onOuterAbort, { once: true });
      signal = controller.signal;
    }
    const redactor = this.redactor;
    const requestContentType = call.headers.find(([n]) => n.toLowerCase() === 'content-type')?.[1] ?? '';
    const exchange: ExchangeRecord = {
      id,
      startedAt: startedAt.toISOString(),
      method: call.method,
      url: redactor.text(call.url),
      requestHeaders: redactor.headers(call.headers),
      ...(call.body !== undefined && call.recordBodies !== false ? { requestBody: redactor.body(call.body, requestContentType) } : {}),
      responseHeaders: [],
      size: 0,
      timings: { connectMs: null, firstByteMs: null, totalMs: 0, reusedConnection: null },
      viaProxy: this.proxyFor(call.url),
    };
    const send = () =>
      request(call.url, {
        method: call.method,
        headers: Object.fromEntries(call.headers),
        ...(call.body !== undefined ? { body: call.body } : {}),
        dispatcher: this.dispatcher,
        ...(signal ? { signal } : {}),
        ...(lean ? { headersTimeout: deadlineMs, bodyTimeout: deadlineMs } : {}),
      });
    const { timing, result } = lean ? { timing: { connectMs: null, reusedConnection: null }, result: send() } : measure(send);
    const finish = () => {
      exchange.timings = {
        connectMs: timing.connectMs,
        firstByteMs: exchange.timings.firstByteMs,
        totalMs: performance.now() - start,
        reusedConnection: timing.reusedConnection,
      };
    };
    try {
      const res = await result;
      exchange.timings.firstByteMs = performance.now() - start;
      exchange.status = res.statusCode;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      exchange.responseHeaders = redactor.headers(Object.entries(headers));
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > this.maxResponseBytes) {
          res.body.destroy();
          finish();
          exchange.size = size;
          exchange.error = {
            code: 'network',
            message: `The answer is larger than ${Math.round(this.maxResponseBytes / 1048576)} MB; the workbench stopped reading it. Ask for fewer items (limit) or a response mask.`,
            details: { reason: 'too-large' },
          };
          return { ok: false, error: exchange.error, exchange };
        }
        chunks.push(chunk as Buffer);
      }
      const bytes = Buffer.concat(chunks);
      const text = bytes.toString('utf8');
      exchange.size = size;
      if (call.recordBodies !== false || res.statusCode >= 400)
        exchange.responseBody = /^(image|audio|video|font)\//i.test(headers['content-type'] ?? '')
          ? `(${size} bytes of ${headers['content-type']})`
          : redactor.body(text, headers['content-type']);
      finish();
      if (res.statusCode >= 400) {
        const message = serviceMessage(text);
        if (message) exchange.serviceMessage = redactor.text(message);
        exchange.error = {
          code: 'http',
          message: `${res.statusCode} ${STATUS_TEXT[res.statusCode] ?? ''}`.trim() + (message ? `: ${redactor.text(message)}` : ''),
          details: { status: res.statusCode, ...(message ? { serviceMessage: redactor.text(message) } : {}) },
        };
      }
      return { ok: true, status: res.statusCode, headers, text, bytes, exchange };
    } catch (err) {
      finish();
      exchange.error = classify(err, call.url, call.signal?.aborted ?? false, deadlineMs);
      return { ok: false, error: exchange.error, exchange };
    } finally {
      if (timer) clearTimeout(timer);
      if (onOuterAbort) outer?.removeEventListener('abort', onOuterAbort);
    }
  }

  private readonly proxies = new Map<string, string | null>();

  /** The proxy a URL goes through, by protocol and host (the environment does not change while main runs). */
  private proxyFor(url: string): string | null {
    const key = /^[a-z]+:\/\/[^/?#]+/i.exec(url)?.[0] ?? url;
    let proxy = this.proxies.get(key);
    if (proxy === undefined) {
      proxy = proxyFor(url, this.env);
      this.proxies.set(key, proxy);
    }
    return proxy;
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}

/** Turns a failed outcome into the typed error the router sends to the renderer. */
export function outcomeError(outcome: Extract<HttpOutcome, { ok: false }>) {
  return failure(outcome.error.code, outcome.error.message, { ...outcome.error.details, exchange: outcome.exchange });
}
