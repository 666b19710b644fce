import { mkdtemp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/main/core';
import { startHost, type Host } from '../../src/main/host/server';
import { rawRequest } from '../helpers/http';

let core: Core;
let host: Host;
const SECRET = 'test-secret-0123456789';

beforeAll(async () => {
  const rendererDir = await mkdtemp(join(tmpdir(), 'wb-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
  await writeFile(join(rendererDir, 'app.js'), 'console.log(1)');
  core = await createCore({ dataDir: await mkdtemp(join(tmpdir(), 'wb-host-')), transport: 'browser', localDemo: false, keychain: false });
  host = await startHost({ core, rendererDir, secret: SECRET });
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

describe('browser-mode host', () => {
  it('listens on loopback only and prints a launch URL carrying the secret', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(host.launchUrl).toBe(`${host.url}?secret=${SECRET}`);
  });

  it('answers 401 without the secret, on the API and on pages', async () => {
    expect((await invoke({})).status).toBe(401);
    expect((await invoke({ 'X-Workbench-Secret': 'wrong' })).status).toBe(401);
    expect((await rawRequest(host.port, '/')).status).toBe(401);
    expect((await rawRequest(host.port, '/app.js')).status).toBe(401);
    expect((await rawRequest(host.port, '/?secret=nope')).status).toBe(401);
  });

  it('answers 403 to a foreign Origin or Host even with the secret', async () => {
    expect((await invoke({ 'X-Workbench-Secret': SECRET, Origin: 'https://evil.example' })).status).toBe(403);
    expect((await invoke({ 'X-Workbench-Secret': SECRET, Origin: `http://127.0.0.1:${host.port + 1}` })).status).toBe(403);
    expect((await invoke({ 'X-Workbench-Secret': SECRET, Host: 'evil.example' })).status).toBe(403);
    expect((await invoke({ 'X-Workbench-Secret': SECRET, Host: `attacker.test:${host.port}` })).status).toBe(403);
    expect((await invoke({ 'X-Workbench-Secret': SECRET, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
  });

  it('answers 200 with the secret and a matching Origin and Host', async () => {
    const res = await invoke({ 'X-Workbench-Secret': SECRET, Origin: `http://127.0.0.1:${host.port}` });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true, value: { pong: 'hi' } });
    const viaLocalhost = await invoke({
      'X-Workbench-Secret': SECRET,
      Host: `localhost:${host.port}`,
      Origin: `http://localhost:${host.port}`,
    });
    expect(viaLocalhost.status).toBe(200);
  });

  it('trades the launch URL for an HttpOnly cookie and serves the page with the bridge and CSP', async () => {
    const launch = await rawRequest(host.port, `/?secret=${SECRET}`);
    expect(launch.status).toBe(303);
    expect(launch.headers.location).toBe('/');
    const cookie = String(launch.headers['set-cookie']).split(';')[0] ?? '';
    expect(String(launch.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect(String(launch.headers['set-cookie'])).toMatch(/SameSite=Strict/);
    const page = await rawRequest(host.port, '/', { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script type="module" src="./http-bridge.js"></script>');
    expect(String(page.headers['content-security-policy'])).toContain("connect-src 'self'");
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const asset = await rawRequest(host.port, '/app.js', { headers: { Cookie: cookie } });
    expect(asset.status).toBe(200);
    expect(String(asset.headers['content-security-policy'])).toContain("default-src 'none'");
  });

  it('returns typed errors for bad input and unknown channels over HTTP', async () => {
    const bad = await invoke({ 'X-Workbench-Secret': SECRET }, '{"input":{"text":7}}');
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { code: 'validation' } });
    const unknown = await rawRequest(host.port, '/__workbench/invoke/nope:nothing', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Workbench-Secret': SECRET },
      body: '{}',
    });
    expect(JSON.parse(unknown.body)).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
  });

  it('streams main events over server-sent events', async () => {
    const received = new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: '/__workbench/events',
          headers: { 'X-Workbench-Secret': SECRET, Host: `127.0.0.1:${host.port}` },
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
  it('answers only with the secret, and refuses URLs that are not http(s) images', async () => {
    expect((await rawRequest(host.port, '/__workbench/image?u=https%3A%2F%2Fexample.com%2Fa.png')).status).toBe(401);
    const bad = await rawRequest(host.port, '/__workbench/image?u=file%3A%2F%2F%2Fetc%2Fpasswd', {
      headers: { 'X-Workbench-Secret': SECRET },
    });
    expect(bad.status).toBe(400);
    const creds = await rawRequest(host.port, `/__workbench/image?u=${encodeURIComponent('https://user:pw@example.com/a.png')}`, {
      headers: { 'X-Workbench-Secret': SECRET },
    });
    expect(creds.status).toBe(400);
  });
});
