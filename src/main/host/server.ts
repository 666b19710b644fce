import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { IMAGE_KEY_PARAM, LAUNCH_PARAM, SESSION_HEADER } from '../../shared/ipc';
import { documentSecurityHeaders } from '../csp';
import type { Core } from '../core';
import { accessOf, checkOrigin, pathProblem, Sessions, type RouteAccess } from './guard';

export interface HostOptions {
  core: Core;
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  /** 0 picks a free port. */
  port?: number;
  /** Fixed first launch token for tests; otherwise 32 random bytes. */
  launchToken?: string;
  /** Clock for the launch token's lifetime (tests). */
  now?: () => number;
  /** Tighter limits for tests; HOST_LIMITS otherwise. */
  limits?: Partial<HostLimits>;
}

export interface Host {
  url: string;
  /** The URL to open now: carries the current launch token (single-use, valid for 2 minutes). */
  readonly launchUrl: string;
  /** Issues a new launch token (the terminal's Enter) and answers its URL; sessions already open go on. */
  renewLaunchUrl(fixed?: string): string;
  port: number;
  /** Every route the host registered, with the access it declared (what the guard decides on). */
  routes: readonly HostRoute[];
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs; see RouteAccess. Undeclared means a session. */
    access?: RouteAccess;
  }
}

export interface HostRoute {
  methods: string[];
  url: string;
  access: RouteAccess;
}

const API = '/__workbench';
const BRIDGE_TAG = '<script type="module" src="./http-bridge.js"></script>';
/** Browser-mode limits: a slow client cannot hold the host (header, body and idle deadlines; a connection cap). */
export interface HostLimits {
  /** A client must send its whole request head within this. */
  headersTimeoutMs: number;
  /** …and its whole request (head and body) within this. */
  requestTimeoutMs: number;
  /** A connection with no traffic this long is closed (the event stream sends a heartbeat). */
  idleTimeoutMs: number;
  /** How often the timeouts above are checked. */
  checkIntervalMs: number;
  /** Connections beyond this are closed at once. */
  maxConnections: number;
}

export const HOST_LIMITS: HostLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 120_000,
  checkIntervalMs: 1000,
  maxConnections: 64,
};

/**
 * Browser mode: the same router as the desktop app, behind HTTP on loopback.
 * Serves the built renderer with a bridge that implements `window.workbench`
 * with fetch: every API call carries the session header (see guard.ts).
 */
export async function startHost(options: HostOptions): Promise<Host> {
  const { core } = options;
  const sessions = new Sessions(options.now, options.launchToken);
  const limits = { ...HOST_LIMITS, ...options.limits };
  const app: FastifyInstance = Fastify({
    logger: false,
    bodyLimit: 16 * 1024 * 1024,
    // Slow clients cannot hold connections open: Node checks these every checkIntervalMs (its default, 30 s, is too lax).
    serverFactory: (handler) => {
      const server = createServer(
        {
          headersTimeout: limits.headersTimeoutMs,
          requestTimeout: limits.requestTimeoutMs,
          connectionsCheckingInterval: limits.checkIntervalMs,
        },
        handler,
      );
      server.timeout = limits.idleTimeoutMs;
      server.maxConnections = limits.maxConnections;
      return server;
    },
  });
  let port = 0;
  const securityHeaders = documentSecurityHeaders('browser');

  // The route table, as registered: every route's method, path and declared access (tests cover each one).
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });

  app.addHook('onRequest', async (request, reply) => {
    const origin = checkOrigin(
      { host: request.headers.host, origin: request.headers.origin, secFetchSite: request.headers['sec-fetch-site'] as string | undefined },
      port,
    );
    if (!origin.ok) return reply.code(origin.status).type('text/plain').send(origin.reason);
    const problem = pathProblem(request.url);
    if (problem) return reply.code(404).type('text/plain').send(`Not found: ${problem}.`);
    // Decided on the route the router matched (its declared access), never on the raw URL: default deny.
    const access = accessOf(request.routeOptions.config);
    if (access === 'public' || access === 'launch') return undefined;
    const verdict =
      access === 'image'
        ? sessions.checkImageKey((request.query as Record<string, unknown> | undefined)?.[IMAGE_KEY_PARAM])
        : sessions.checkSession(request.headers[SESSION_HEADER]);
    if (!verdict.ok) return reply.code(verdict.status).type('text/plain').send(verdict.reason);
    return undefined;
  });

  app.post<{ Body: { launch?: unknown } | undefined }>(`${API}/session`, { config: { access: 'launch' } }, async (request, reply) => {
    const outcome = sessions.redeem(request.body?.launch);
    if (!outcome.ok) return reply.code(401).header('Cache-Control', 'no-store').type('text/plain').send(outcome.reason);
    return reply.header('Cache-Control', 'no-store').send(outcome.grant);
  });

  app.post<{ Params: { channel: string }; Body: { input?: unknown } | undefined }>(`${API}/invoke/:channel`, async (request, reply) => {
    const controller = new AbortController();
    // The tab went away (closed, reloaded, cancelled) before its answer was sent: stop the work.
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const body = request.body;
    const input = body && typeof body === 'object' ? body.input : undefined;
    return core.router.invoke(request.params.channel, input, { transport: 'browser', signal: controller.signal });
  });

  app.get<{ Querystring: { u?: string } }>(`${API}/image`, { config: { access: 'image' } }, async (request, reply) => {
    const image = await core.services.images.fetch(request.query.u ?? null);
    return reply
      .code(image.status)
      .header('Content-Type', image.contentType)
      .header('Cache-Control', 'max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      .send(image.body);
  });

  app.get(`${API}/events`, (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(': connected\n\n');
    const unsubscribe = core.events.subscribe((name, payload) => {
      res.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    heartbeat.unref();
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });

  const indexHtml = await readFile(join(options.rendererDir, 'index.html'), 'utf8');
  const page = indexHtml.replace(/<head>/i, `<head>\n    ${BRIDGE_TAG}`);
  const sendIndex = (_req: unknown, reply: FastifyReply) =>
    reply
      .headers({ ...securityHeaders, 'Cache-Control': 'no-store' })
      .type('text/html; charset=utf-8')
      .send(page);
  const publicRoute = { config: { access: 'public' as const } };
  app.get('/', publicRoute, sendIndex);
  app.get('/index.html', publicRoute, sendIndex);

  // The built files: every route this scope registers is public (they hold no secret).
  await app.register(async (files) => {
    files.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await files.register(fastifyStatic, {
      root: options.rendererDir,
      index: false,
      wildcard: true,
      setHeaders: (res) => {
        for (const [k, v] of Object.entries(securityHeaders)) res.setHeader(k, v);
      },
    });
  });

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}/`;
  const launchUrlOf = (launch: string) => `${url}?${LAUNCH_PARAM}=${encodeURIComponent(launch)}`;
  return {
    url,
    get launchUrl() {
      return launchUrlOf(sessions.launchToken);
    },
    renewLaunchUrl: (fixed) => launchUrlOf(sessions.renewLaunch(fixed)),
    port,
    routes: routes.map((r) => ({ methods: [r.method].flat(), url: r.url, access: accessOf(r.config) })),
    close: () => app.close(),
  };
}
