import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { documentSecurityHeaders } from '../csp';
import type { Core } from '../core';
import { checkRequest, cookieName, secretsMatch } from './guard';

export interface HostOptions {
  core: Core;
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  /** 0 picks a free port. */
  port?: number;
  /** Fixed secret for tests; otherwise 32 random bytes per launch. */
  secret?: string;
}

export interface Host {
  url: string;
  /** The URL to open: carries the secret once, then the host sets a cookie. */
  launchUrl: string;
  port: number;
  secret: string;
  close(): Promise<void>;
}

const API = '/__workbench';
const BRIDGE_TAG = '<script type="module" src="./http-bridge.js"></script>';

/**
 * Browser mode: the same router as the desktop app, behind HTTP on loopback.
 * Serves the built renderer with a bridge that implements `window.workbench`
 * with fetch and server-sent events.
 */
export async function startHost(options: HostOptions): Promise<Host> {
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const { core } = options;
  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 });
  let port = 0;
  const securityHeaders = documentSecurityHeaders('browser');

  app.addHook('onRequest', async (request, reply) => {
    // The launch URL trades the secret in its query for a cookie, then drops it from the address bar.
    const url = new URL(request.url, 'http://x');
    const querySecret = url.searchParams.get('secret');
    const input = {
      host: request.headers.host,
      origin: request.headers.origin,
      secFetchSite: request.headers['sec-fetch-site'] as string | undefined,
      cookie: request.headers.cookie,
      headerSecret: (request.headers['x-workbench-secret'] as string | undefined) ?? undefined,
    };
    if (request.method === 'GET' && url.pathname === '/' && querySecret !== null && secretsMatch(querySecret, secret)) {
      input.headerSecret = querySecret;
      const verdict = checkRequest(input, port, secret);
      if (!verdict.ok) return reply.code(verdict.status).type('text/plain').send(verdict.reason);
      return reply
        .header('Set-Cookie', `${cookieName(port)}=${encodeURIComponent(secret)}; Path=/; HttpOnly; SameSite=Strict`)
        .header('Cache-Control', 'no-store')
        .redirect('/', 303);
    }
    const verdict = checkRequest(input, port, secret);
    if (!verdict.ok) return reply.code(verdict.status).type('text/plain').send(verdict.reason);
    return undefined;
  });

  app.post<{ Params: { channel: string }; Body: { input?: unknown } | undefined }>(`${API}/invoke/:channel`, async (request) => {
    const controller = new AbortController();
    request.raw.on('close', () => {
      if (!request.raw.complete) controller.abort();
    });
    const body = request.body;
    const input = body && typeof body === 'object' ? body.input : undefined;
    return core.router.invoke(request.params.channel, input, { transport: 'browser', signal: controller.signal });
  });

  app.get<{ Querystring: { u?: string } }>(`${API}/image`, async (request, reply) => {
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
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);

  await app.register(fastifyStatic, {
    root: options.rendererDir,
    index: false,
    wildcard: true,
    // @fastify/static hands this the Fastify reply, not the raw response.
    setHeaders: (reply: { header(name: string, value: string): unknown }) => {
      for (const [k, v] of Object.entries(securityHeaders)) reply.header(k, v);
    },
  });

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    launchUrl: `${url}?secret=${encodeURIComponent(secret)}`,
    port,
    secret,
    close: () => app.close(),
  };
}
