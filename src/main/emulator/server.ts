import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { jsonErrorPosition } from '../../shared/request';
import { describeIssues, zodIssues } from '../../shared/zod';
import { CLOCK_HEADER, requestClock } from './clock';
import type { Emulator } from './emulator';
import { runSearch } from './engine/search';
import { runAutocomplete, runSuggest } from './engine/suggest';
import { registerTracker } from './tracker';
import { EmulatorError } from './errors';
import { faultsSchema, type FaultEndpoint } from './faults';
import { productImage } from './images';
import { emulatorInfo } from './info';
import { registerJudge, registerJudgeOperator } from './judge';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sendError(reply: FastifyReply, err: EmulatorError): FastifyReply {
  return reply.code(err.status).headers(err.headers).type('application/json; charset=utf-8').send(err.body());
}

/** A 429 with its Retry-After, counted in the stats. */
function tooMany(emulator: Emulator, reply: FastifyReply, message: string, retryAfterS: number): void {
  emulator.stats.rateLimited++;
  sendError(reply, new EmulatorError(429, 'rate-limited', message, undefined, undefined, { 'Retry-After': String(retryAfterS) }));
}

/** What the fault injector decided for this request; sends the fault itself when it replaces the answer. */
/**
 * A fault's delay, cut short when the client goes away (a cancelled request): true when it did. No timer outlives
 * its request, so a long injected latency never holds the emulator open after its clients are gone.
 */
function clientLeftDuring(reply: FastifyReply, ms: number): Promise<boolean> {
  return new Promise((done) => {
    const finish = (left: boolean) => {
      clearTimeout(timer);
      reply.raw.off('close', onClose);
      done(left);
    };
    const onClose = () => finish(true);
    const timer = setTimeout(() => finish(false), ms);
    reply.raw.once('close', onClose);
  });
}

async function applyFault(
  emulator: Emulator,
  endpoint: FaultEndpoint,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<'answered' | 'truncate' | 'none'> {
  const limited = emulator.rateLimit.refusal();
  if (limited) {
    tooMany(emulator, reply, limited.message, limited.wait);
    return 'answered';
  }
  const decision = emulator.faults.decide(endpoint);
  if (decision.delayMs > 0 && (await clientLeftDuring(reply, decision.delayMs))) {
    // Counted apart: a delayed request its client gave up on (nothing is sent to it).
    emulator.stats.injected['abandoned'] = (emulator.stats.injected['abandoned'] ?? 0) + 1;
    reply.hijack();
    return 'answered';
  }
  if (decision.kind === 'none') return 'none';
  emulator.stats.injected[decision.kind] = (emulator.stats.injected[decision.kind] ?? 0) + 1;
  if (decision.kind === 'reset') {
    request.raw.socket.destroy();
    reply.hijack();
    return 'answered';
  }
  if (decision.kind === '429') {
    tooMany(emulator, reply, `Too many requests (injected fault); retry after ${decision.retryAfter} s.`, decision.retryAfter);
    return 'answered';
  }
  if (decision.kind === 'error') {
    sendError(
      reply,
      new EmulatorError(decision.status, 'injected-error', `The service failed (injected fault, status ${decision.status}).`),
    );
    return 'answered';
  }
  return 'truncate';
}

/** Sends JSON, or half of it on a closing connection when a truncation fault was drawn. */
function sendJson(reply: FastifyReply, body: unknown, fault: 'truncate' | 'none'): FastifyReply | void {
  if (fault !== 'truncate') return reply.type('application/json; charset=utf-8').send(body);
  const text = Buffer.from(JSON.stringify(body));
  reply.hijack();
  reply.raw.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': text.length });
  reply.raw.write(text.subarray(0, Math.floor(text.length / 2)), () => reply.raw.destroy());
}

/** `localhost`, an IPv4 address or a bracketed IPv6 one, and a port: a name no other site can point here. */
const BY_ADDRESS = /^(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\]):(\d{1,5})$/i;

/** Why a request's Host or Origin is not this server reached by address, or undefined when they are. */
export function hostProblem(host: string | undefined, origin: string | undefined, port: number | undefined): string | undefined {
  const byAddress = (value: string) => BY_ADDRESS.exec(value)?.[1] === String(port);
  if (!host || !byAddress(host))
    return `Host ${JSON.stringify(host ?? '')} is not this service's address: use 127.0.0.1:${port} (or localhost:${port}).`;
  if (origin !== undefined) {
    const match = /^https?:\/\/([^/]+)$/i.exec(origin);
    if (!match?.[1] || !byAddress(match[1]))
      return `Requests from ${JSON.stringify(origin)} are not accepted: it is not this service's own origin.`;
  }
  return undefined;
}

export function createServer(emulator: Emulator, baseUrl: () => string, https?: { key: string; cert: string }): FastifyInstance {
  // Fastify types an HTTPS instance with https.Server and a plain one with http.Server; the routes below use
  // neither, but the union of the two instance types cannot be called, so both are read as the plain instance.
  const app = (https
    ? Fastify({ logger: false, bodyLimit: 4 * 1024 * 1024, forceCloseConnections: true, https })
    : Fastify({ logger: false, bodyLimit: 4 * 1024 * 1024, forceCloseConnections: true })) as unknown as FastifyInstance;
  const now = () => new Date(emulator.now());

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  // A web page can rebind a name of its own to 127.0.0.1 and then read this server as its own origin: only a Host
  // that reaches it by address (an IP literal or localhost, with its port) is answered, and an Origin, when sent,
  // must be such an address too — the way the browser-mode host checks them.
  app.addHook('onRequest', async (request, reply) => {
    const problem = hostProblem(request.headers.host, request.headers.origin, request.socket.localPort);
    if (problem) return sendError(reply, new EmulatorError(403, 'host-refused', problem));
    return undefined;
  });

  app.addHook('onResponse', async (request, reply) => {
    emulator.stats.statuses[String(reply.statusCode)] = (emulator.stats.statuses[String(reply.statusCode)] ?? 0) + 1;
    void request;
  });

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, _request, reply) => {
    if (err instanceof EmulatorError) return sendError(reply, err);
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return sendError(
        reply,
        new EmulatorError(
          415,
          'unsupported-media-type',
          'Send the request body as JSON with Content-Type: application/json; charset=UTF-8.',
        ),
      );
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return sendError(reply, new EmulatorError(413, 'body-too-large', 'The request body is larger than 4 MB.'));
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return sendError(reply, new EmulatorError(400, 'empty-body', 'The request body is empty; send a JSON object.'));
    // JSON nested past what the parser's stack holds: the body's fault, said as such (never a 500).
    if (err instanceof RangeError && /call stack/i.test(err.message))
      return sendError(reply, new EmulatorError(400, 'too-deep', 'The request body nests objects or arrays too deeply to read.'));
    if (err.statusCode === 400 && err instanceof SyntaxError)
      return sendError(reply, new EmulatorError(400, 'invalid-json', `The request body is not valid JSON: ${err.message}`));
    if (err.statusCode && err.statusCode < 500) return sendError(reply, new EmulatorError(err.statusCode, 'bad-request', err.message));
    return sendError(reply, new EmulatorError(500, 'internal', `The emulator failed: ${err.message}`));
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      new EmulatorError(
        404,
        'not-found',
        `There is no ${request.method} ${request.url.split('?')[0]}; see GET /__emulator/info for the endpoints.`,
      ),
    ),
  );

  // A request may set its own clock (x-emulator-clock): the context matrix's hour axis on Local demo.
  const ctx = (request: FastifyRequest) => ({ baseUrl: baseUrl(), now: requestClock(request.headers[CLOCK_HEADER], now()) });

  app.post('/search', async (request, reply) => {
    emulator.count('search');
    const fault = await applyFault(emulator, 'search', request, reply);
    if (fault === 'answered') return reply;
    const body = request.body as Record<string, unknown> | undefined;
    const tenant = emulator.tenantForToken(body?.token);
    return sendJson(reply, runSearch(tenant, body, ctx(request)), fault);
  });

  app.get<{ Params: { token: string }; Querystring: { encoded?: string } }>('/search/:token', async (request, reply) => {
    emulator.count('search-get');
    const fault = await applyFault(emulator, 'search', request, reply);
    if (fault === 'answered') return reply;
    const tenant = emulator.tenantForToken(request.params.token);
    const encoded = request.query.encoded;
    if (encoded === undefined)
      throw new EmulatorError(
        400,
        'missing-encoded',
        'GET /search/<token> needs ?encoded=<url-encoded JSON with query, options and context>.',
        'encoded',
      );
    let payload: unknown;
    try {
      payload = JSON.parse(encoded);
    } catch (err) {
      const position = jsonErrorPosition(err, encoded);
      throw new EmulatorError(
        400,
        'invalid-json',
        `encoded is not valid JSON${position !== undefined ? ` at position ${position}` : ''}.`,
        'encoded',
      );
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
      throw new EmulatorError(400, 'invalid-encoded', 'encoded must hold a JSON object.', 'encoded');
    return sendJson(reply, runSearch(tenant, { ...(payload as object), token: request.params.token }, ctx(request)), fault);
  });

  app.post('/search/suggest', async (request, reply) => {
    emulator.count('suggest');
    const fault = await applyFault(emulator, 'suggest', request, reply);
    if (fault === 'answered') return reply;
    const body = request.body as Record<string, unknown> | undefined;
    return sendJson(reply, runSuggest(emulator.tenantForToken(body?.token), body, ctx(request)), fault);
  });

  app.post('/search/autocomplete', async (request, reply) => {
    emulator.count('autocomplete');
    const fault = await applyFault(emulator, 'autocomplete', request, reply);
    if (fault === 'answered') return reply;
    const body = request.body as Record<string, unknown> | undefined;
    return sendJson(reply, runAutocomplete(emulator.tenantForToken(body?.token), body, ctx(request)), fault);
  });

  app.post<{ Params: { tenant: string } }>('/auth/realms/:tenant/protocol/openid-connect/token', async (request, reply) => {
    emulator.count('token');
    const fault = await applyFault(emulator, 'token', request, reply);
    if (fault === 'answered') return reply;
    if (typeof request.body !== 'string') {
      throw new EmulatorError(
        400,
        'invalid-request',
        'Send the token request form-encoded (Content-Type: application/x-www-form-urlencoded).',
        undefined,
        'invalid_request',
      );
    }
    const endpoint = `${baseUrl()}/auth/realms/${request.params.tenant}/protocol/openid-connect/token`;
    const token = await emulator.tokens.grant(
      request.params.tenant,
      new URLSearchParams(request.body),
      request.headers.authorization,
      endpoint,
    );
    return sendJson(reply.header('Cache-Control', 'no-store'), token, fault);
  });

  app.get<{ Querystring: { tenant?: string; environment?: string } }>('/catalogs/active', async (request, reply) => {
    emulator.count('catalog');
    const fault = await applyFault(emulator, 'catalog', request, reply);
    if (fault === 'answered') return reply;
    const { tenant, environment } = request.query;
    if (!tenant) throw new EmulatorError(400, 'missing-tenant', 'GET /catalogs/active needs ?tenant=<tenant id>.', 'tenant');
    if (!environment)
      throw new EmulatorError(400, 'missing-environment', 'GET /catalogs/active needs ?environment=<environment>.', 'environment');
    await emulator.tokens.verifyAccessToken(request.headers.authorization, tenant);
    return sendJson(reply, emulator.activeCatalog(tenant, environment), fault);
  });

  // Operator endpoints: loopback only, whatever address the server listens on.
  registerTracker(app, emulator);
  registerJudge(app, emulator);

  app.register(
    async (ops) => {
      ops.addHook('onRequest', async (request, reply) => {
        emulator.count('operator');
        if (!LOOPBACK.has(request.socket.remoteAddress ?? ''))
          return sendError(reply, new EmulatorError(403, 'loopback-only', 'Operator endpoints answer on loopback only.'));
        return undefined;
      });
      ops.get('/info', async () => emulatorInfo(emulator, baseUrl()));
      ops.get('/stats', async () => ({
        ...emulator.stats,
        tokenGrants: emulator.tokens.stats.grants,
        tokenRejected: emulator.tokens.stats.rejected,
        rateLimited: emulator.stats.rateLimited + emulator.tokens.stats.rateLimited,
        tokenRequestTimes: emulator.tokens.stats.requestTimes,
        recentAssertions: emulator.tokens.stats.recentAssertions,
      }));
      ops.post('/service-accounts', async (request) => {
        const parsed = z
          .object({
            tenant: z.string(),
            clientId: z.string().min(1),
            publicKeyPem: z.string().optional(),
            clientSecret: z.string().optional(),
          })
          .refine((v) => v.publicKeyPem || v.clientSecret, 'give publicKeyPem or clientSecret')
          .safeParse(request.body);
        if (!parsed.success) throw new EmulatorError(400, 'invalid-service-account', describeIssues(zodIssues(parsed.error)));
        const { tenant, clientId, publicKeyPem, clientSecret } = parsed.data;
        await emulator.tokens.register(tenant, clientId, clientSecret, publicKeyPem);
        return { registered: true, tenant, clientId };
      });
      ops.get('/faults', async () => ({ faults: emulator.faults.current() }));
      ops.post('/faults', async (request) => {
        const parsed = faultsSchema.safeParse(request.body ?? {});
        if (!parsed.success) throw new EmulatorError(400, 'invalid-faults', describeIssues(zodIssues(parsed.error)));
        emulator.faults.set(parsed.data);
        return { faults: emulator.faults.current() };
      });
      ops.delete('/faults', async () => {
        emulator.faults.clear();
        return { faults: null };
      });
      ops.get('/rate-limit', async () => ({ perSecond: emulator.rateLimit.current() }));
      ops.post('/rate-limit', async (request) => {
        const parsed = z.strictObject({ perSecond: z.number().int().min(1).max(1_000_000).nullable() }).safeParse(request.body ?? {});
        if (!parsed.success) throw new EmulatorError(400, 'invalid-rate-limit', describeIssues(zodIssues(parsed.error)));
        emulator.rateLimit.set(parsed.data.perSecond);
        return { perSecond: emulator.rateLimit.current() };
      });
      registerJudgeOperator(ops, emulator, (message) => {
        throw new EmulatorError(400, 'invalid-judge', message);
      });
      ops.get<{ Params: { file: string } }>('/images/:file', async (request, reply) => {
        const id = decodeURIComponent(request.params.file.replace(/\.(png|svg)$/, ''));
        const index = emulator.index.byId.get(id);
        return reply
          .type('image/png')
          .header('Cache-Control', 'public, max-age=86400')
          .send(productImage(index === undefined ? undefined : emulator.items[index]));
      });
    },
    { prefix: '/__emulator' },
  );

  return app;
}
