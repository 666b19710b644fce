import { mkdtemp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/main/core';
import { startHost, type Host } from '../../src/main/host/server';
import { rawRequest } from '../helpers/http';

let core: Core;
let host: Host;
let clock = 0;
const LAUNCH = 'test-launch-0123456789';

beforeAll(async () => {
  const rendererDir = await mkdtemp(join(tmpdir(), 'wb-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
  await writeFile(join(rendererDir, 'app.js'), 'console.log(1)');
  core = await createCore({ dataDir: await mkdtemp(join(tmpdir(), 'wb-host-')), transport: 'browser', localDemo: false, keychain: false });
  host = await startHost({ core, rendererDir, launchToken: LAUNCH, now: () => clock });
});

afterAll(async () => {
  await host.close();
});

const invoke = (headers: Record<string, string>, body = '{"input":{"text":"hi"}}') =>
  rawRequest(host.port, '/__workbench/invoke/app:ping', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });

/** The bridge's first call: trade a launch token for a session. */
const redeem = (launch: string, headers: Record<string, string> = {}) =>
  rawRequest(host.port, '/__workbench/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ launch }),
  });

let session = '';
let imageKey = '';

describe('browser-mode host: the launch token and the session', () => {
  it('listens on loopback only and prints a launch URL with a launch token (not a session)', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(host.launchUrl).toBe(`${host.url}?launch=${LAUNCH}`);
  });

  it('serves the page and built files to anyone on loopback (they hold no secret), with the bridge and CSP', async () => {
    const page = await rawRequest(host.port, `/?launch=${LAUNCH}`);
    expect(page.status).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).toContain('<script type="module" src="./http-bridge.js"></script>');
    expect(String(page.headers['content-security-policy'])).toContain("connect-src 'self'");
    const asset = await rawRequest(host.port, '/app.js');
    expect(asset.status).toBe(200);
    expect(String(asset.headers['content-security-policy'])).toContain("default-src 'none'");
  });

  it('trades the launch token for a session once; the same launch URL again (from the browser history) gets nothing', async () => {
    const first = await redeem(LAUNCH);
    expect(first.status).toBe(200);
    expect(first.headers['set-cookie']).toBeUndefined();
    ({ session, imageKey } = JSON.parse(first.body) as { session: string; imageKey: string });
    expect(session).toMatch(/^[\w-]{40,}$/);
    expect(session).not.toBe(LAUNCH);
    const again = await redeem(LAUNCH);
    expect(again.status).toBe(401);
    expect(again.body).toMatch(/^This launch link was used already.*Press Enter in the terminal running `serve`/);
  });

  it('lets a launch token expire unused after 2 minutes; Enter issues a fresh one, and open sessions go on', async () => {
    const fresh = host.renewLaunchUrl('fresh-launch-1');
    expect(fresh).toBe(`${host.url}?launch=fresh-launch-1`);
    clock += 2 * 60 * 1000 + 1;
    const late = await redeem('fresh-launch-1');
    expect(late.status).toBe(401);
    expect(late.body).toMatch(/^This launch link expired: it must be opened within 2 minutes/);
    host.renewLaunchUrl('fresh-launch-2');
    expect((await redeem('fresh-launch-2')).status).toBe(200);
    // A token that was replaced is void.
    expect((await redeem('fresh-launch-1')).status).toBe(401);
    expect((await invoke({ 'X-Workbench-Session': session })).status).toBe(200);
  });

  it('authorises the API only by the session header: no header, a wrong one, or every cookie a browser holds → 401', async () => {
    expect((await invoke({})).status).toBe(401);
    expect((await invoke({ 'X-Workbench-Session': 'wrong' })).status).toBe(401);
    expect((await invoke({ 'X-Workbench-Session': LAUNCH })).status).toBe(401);
    // A page on another port of 127.0.0.1 gets the browser's cookies for 127.0.0.1; none of them opens the API.
    const cookies = `wb_secret_${host.port}=${session}; wb_session=${session}; session=${session}; ${imageKey}=1`;
    const replay = await invoke({ Cookie: cookies });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatch(/^This tab has no workbench session/);
    const events = await rawRequest(host.port, '/__workbench/events', { headers: { Cookie: cookies } });
    expect(events.status).toBe(401);
    // The images-only key does not open the API either.
    expect((await invoke({ 'X-Workbench-Session': imageKey })).status).toBe(401);
  });

  it('answers 403 to a foreign Origin or Host even with the session', async () => {
    const s = { 'X-Workbench-Session': session };
    expect((await invoke({ ...s, Origin: 'https://evil.example' })).status).toBe(403);
    expect((await invoke({ ...s, Origin: `http://127.0.0.1:${host.port + 1}` })).status).toBe(403);
    expect((await invoke({ ...s, Host: 'evil.example' })).status).toBe(403);
    expect((await invoke({ ...s, Host: `attacker.test:${host.port}` })).status).toBe(403);
    expect((await invoke({ ...s, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    // Trading a launch token from another site is refused too.
    host.renewLaunchUrl('fresh-launch-3');
    expect((await redeem('fresh-launch-3', { Origin: 'https://evil.example' })).status).toBe(403);
  });

  it('answers 200 with the session header and a matching Origin and Host', async () => {
    const res = await invoke({ 'X-Workbench-Session': session, Origin: `http://127.0.0.1:${host.port}` });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true, value: { pong: 'hi' } });
    const viaLocalhost = await invoke({
      'X-Workbench-Session': session,
      Host: `localhost:${host.port}`,
      Origin: `http://localhost:${host.port}`,
    });
    expect(viaLocalhost.status).toBe(200);
  });

  it('returns typed errors for bad input and unknown channels over HTTP', async () => {
    const bad = await invoke({ 'X-Workbench-Session': session }, '{"input":{"text":7}}');
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { code: 'validation' } });
    const unknown = await rawRequest(host.port, '/__workbench/invoke/nope:nothing', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Workbench-Session': session },
      body: '{}',
    });
    expect(JSON.parse(unknown.body)).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
  });

  it('answers malformed bodies with 4xx or typed errors and stays up', async () => {
    const s = { 'X-Workbench-Session': session };
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const post = (channel: string, body: string) =>
      rawRequest(host.port, `/__workbench/invoke/${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...s },
        body,
      });
    expect((await post('app:ping', 'not json')).status).toBe(400);
    expect((await post('app:ping', '{"__proto__":{"polluted":true},"input":{}}')).status).toBe(400);
    expect((await post('app:ping', `{"input":{"text":"${'x'.repeat(17 * 1024 * 1024)}"}}`)).status).toBe(413);
    const nested = await post('search:run', `{"input":{"requestId":"r","kind":"search","request":{"token":"t","x":${deep}}}}`);
    expect(JSON.parse(nested.body)).toMatchObject({
      ok: false,
      error: { code: 'validation', message: expect.stringContaining('more than 64 levels deep') },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse((await invoke(s)).body)).toMatchObject({ ok: true, value: { pong: 'hi' } });
  });

  it('streams main events to a request with the session header', async () => {
    const received = new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: '/__workbench/events',
          headers: { 'X-Workbench-Session': session, Host: `127.0.0.1:${host.port}` },
        },
        (res) => {
          expect(res.headers['content-type']).toMatch(/text\/event-stream/);
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (text.includes('event: settings:changed')) {
              req.destroy();
              resolve(text);
            }
          });
          void core.settings.update({ theme: 'dark' }).then((s) => core.events.emit('settings:changed', s));
        },
      );
      req.on('error', reject);
      req.end();
    });
    const text = await received;
    expect(text).toMatch(/event: settings:changed\ndata: \{"theme":"dark",/);
  });
});

describe('browser-mode host: images through main', () => {
  it('answers only with a session’s images-only key, and refuses URLs that are not http(s) images', async () => {
    const u = encodeURIComponent('https://example.com/a.png');
    expect((await rawRequest(host.port, `/__workbench/image?u=${u}`)).status).toBe(401);
    expect((await rawRequest(host.port, `/__workbench/image?u=${u}`, { headers: { Cookie: `k=${imageKey}` } })).status).toBe(401);
    expect((await rawRequest(host.port, `/__workbench/image?u=${u}&k=${session}`)).status).toBe(401);
    const bad = await rawRequest(host.port, `/__workbench/image?u=file%3A%2F%2F%2Fetc%2Fpasswd&k=${imageKey}`);
    expect(bad.status).toBe(400);
    const creds = await rawRequest(
      host.port,
      `/__workbench/image?u=${encodeURIComponent('https://user:pw@example.com/a.png')}&k=${imageKey}`,
    );
    expect(creds.status).toBe(400);
  });
});

describe('browser-mode host: limits', () => {
  /** A host on the same core whose router has one slow channel that says when it starts and when it is aborted. */
  async function limitedHost(limits: Parameters<typeof startHost>[0]['limits'], withSession = true) {
    let started!: () => void;
    let aborted!: () => void;
    const signals = {
      started: new Promise<void>((resolve) => (started = resolve)),
      aborted: new Promise<void>((resolve) => (aborted = resolve)),
    };
    const slowCore = {
      ...core,
      router: {
        invoke: (channel: unknown, input: unknown, ctx: Parameters<Core['router']['invoke']>[2]) => {
          if (channel !== 'test:slow') return core.router.invoke(channel, input, ctx);
          started();
          return new Promise<never>(() => ctx.signal?.addEventListener('abort', () => aborted()));
        },
      },
    } as Core;
    const h = await startHost({
      core: slowCore,
      rendererDir: await mkdtemp(join(tmpdir(), 'wb-renderer-')).then(async (d) => {
        await writeFile(join(d, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
        return d;
      }),
      launchToken: 'limits-launch',
      limits,
    });
    if (!withSession) return { h, session: '', signals };
    const grant = JSON.parse(
      (
        await rawRequest(h.port, '/__workbench/session', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Connection: 'close' },
          body: '{"launch":"limits-launch"}',
        })
      ).body,
    ) as { session: string };
    return { h, session: grant.session, signals };
  }

  const closed = (socket: Socket) =>
    new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('close', () => resolve(text));
    });

  it('closes a connection whose request head never ends (slowloris), once the header timeout passes', async () => {
    const { h } = await limitedHost({ headersTimeoutMs: 200, checkIntervalMs: 50 }, false);
    const socket = connect(h.port, '127.0.0.1');
    const done = closed(socket);
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nX-Slow: 1\r\n`); // no blank line: the head never ends
    expect(await done).toMatch(/^HTTP\/1\.1 408/);
    await h.close();
  });

  it('refuses connections beyond its cap at once, and serves again when they go', async () => {
    const { h } = await limitedHost({ maxConnections: 4 }, false);
    const held = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<Socket>((resolve) => {
            const s = connect(h.port, '127.0.0.1', () => resolve(s));
          }),
      ),
    );
    // Each held connection is known to the server once it answered a request on it.
    for (const s of held) {
      const answered = new Promise<void>((resolve) => s.once('data', () => resolve()));
      s.write(`GET /index.html HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\n\r\n`);
      await answered;
    }
    const extra = connect(h.port, '127.0.0.1');
    const extraText = closed(extra);
    extra.write(`GET /index.html HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\n\r\n`);
    expect(await extraText).toBe('');
    await Promise.all(
      held.map(
        (s) =>
          new Promise((resolve) => {
            s.once('close', resolve);
            s.destroy();
          }),
      ),
    );
    expect((await rawRequest(h.port, '/index.html')).status).toBe(200);
    await h.close();
  });

  it('aborts the call when the tab goes away after sending its whole request', async () => {
    const { h, session: s, signals } = await limitedHost({});
    const body = JSON.stringify({ input: { anything: true } });
    const socket = connect(h.port, '127.0.0.1');
    socket.write(
      `POST /__workbench/invoke/test:slow HTTP/1.1\r\nHost: 127.0.0.1:${h.port}\r\nContent-Type: application/json\r\nX-Workbench-Session: ${s}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await signals.started; // the whole body arrived and the call is running
    socket.destroy();
    await signals.aborted;
    await h.close();
  });
});
