/**
 * Browser mode's session check cannot be stepped around by spelling a path another way. The variants are made
 * from the host's own route table, so a route added later is covered without a new test: for every route that
 * is not public, every spelling below, sent without a session, is answered 401 or 404 — never 200.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/main/core';
import { pathProblem } from '../../src/main/host/guard';
import { startHost, type Host, type HostRoute } from '../../src/main/host/server';
import { rawRequest } from '../helpers/http';

let core: Core;
let host: Host;
let session = '';
let imageKey = '';

beforeAll(async () => {
  const rendererDir = await mkdtemp(join(tmpdir(), 'wb-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
  core = await createCore({
    dataDir: await mkdtemp(join(tmpdir(), 'wb-variants-')),
    transport: 'browser',
    localDemo: false,
    keychain: false,
  });
  host = await startHost({ core, rendererDir, launchToken: 'variants-launch' });
  const grant = await rawRequest(host.port, '/__workbench/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"launch":"variants-launch"}',
  });
  ({ session, imageKey } = JSON.parse(grant.body) as { session: string; imageKey: string });
});

afterAll(async () => {
  await host.close();
  await core.dispose();
});

/** A concrete path for a route: each parameter given a value that the route answers (`profiles:list` for a channel). */
const concrete = (route: HostRoute) =>
  route.url
    .replace(/:channel\b/g, 'profiles:list')
    .replace(/:\w+/g, 'x')
    .replace(/\*$/, 'x');

const hex = (c: string, upper: boolean) => {
  const h = c.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? h.toUpperCase() : h}`;
};

/** Each character of the path (but its slashes) percent-encoded alone, in upper and lower case hex, and encoded twice. */
function encodedOneByOne(path: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const c = path[i] as string;
    if (c === '/') continue;
    const at = (s: string) => path.slice(0, i) + s + path.slice(i + 1);
    out.push(at(hex(c, true)), at(hex(c, false)), at(`%25${hex(c, true).slice(1)}`));
  }
  return out;
}

/** `//`, `/./`, `/x/../` at each slash; a trailing slash; `;x` after each segment. */
function reshaped(path: string): string[] {
  const out = [`${path}/`, `${path};x`, `${path}?`, `${path}#x`];
  for (let i = 0; i < path.length; i++) {
    if (path[i] !== '/') continue;
    const head = path.slice(0, i);
    const tail = path.slice(i);
    out.push(`${head}/${tail}`, `${head}/.${tail}`, `${head}/x/..${tail}`, `${head}/%2e${tail}`);
    // (A request-target must start with /: the HTTP parser itself refuses one that does not.)
    if (i > 0) out.push(`${head};x${tail}`, `${head}%2F${tail.slice(1)}`, `${head}%2f${tail.slice(1)}`, `${head}\\${tail.slice(1)}`);
  }
  return out;
}

/** Any mixture of the above: some characters encoded (either case, once or twice), slashes doubled or dotted, a suffix. */
const mixedVariant = (path: string) =>
  fc
    .record({
      encode: fc.array(fc.constantFrom('no', 'upper', 'lower', 'double'), { minLength: path.length, maxLength: path.length }),
      slashes: fc.array(fc.constantFrom('/', '//', '/./', '/%2e/', '/%2E%2E/x/'), { minLength: path.length, maxLength: path.length }),
      suffix: fc.constantFrom('', '/', ';x', '/.', '%2F', '?x=1'),
    })
    .map(({ encode, slashes, suffix }) => {
      let out = '';
      for (let i = 0; i < path.length; i++) {
        const c = path[i] as string;
        if (c === '/') out += i === 0 ? '/' : (slashes[i] as string);
        else if (encode[i] === 'upper' || encode[i] === 'lower') out += hex(c, encode[i] === 'upper');
        else if (encode[i] === 'double') out += `%25${hex(c, true).slice(1)}`;
        else out += c;
      }
      return out + suffix;
    });

/** The status a request without any session gets (the image key and session header both left out). */
async function statusWithout(method: string, path: string): Promise<number> {
  const res = await rawRequest(host.port, path, {
    method,
    // One connection a request: a refusal sent before the body is read may close the connection it came on.
    headers: { Connection: 'close', ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
    ...(method === 'POST' ? { body: '{"input":{}}' } : {}),
  });
  return res.status;
}

const guarded = () => host.routes.filter((r) => r.access !== 'public');

describe('browser mode: every guarded route, spelled any way, without a session', () => {
  it('the route table holds the API routes, each with a declared access', () => {
    const table = host.routes.map((r) => `${r.methods.join('|')} ${r.url} ${r.access}`);
    expect(table).toEqual(
      expect.arrayContaining([
        'POST /__workbench/session launch',
        'POST /__workbench/invoke/:channel session',
        'GET /__workbench/image image',
        'GET /__workbench/events session',
      ]),
    );
    // Routes no one declared are denied: the not-found handler needs a session too.
    expect(guarded().length).toBeGreaterThanOrEqual(4);
  });

  it('with the session, each guarded route answers on its own path (so the refusals below are the guard’s)', async () => {
    const s = { 'X-Workbench-Session': session };
    const ping = await rawRequest(host.port, '/__workbench/invoke/app:ping', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...s },
      body: '{"input":{"text":"hi"}}',
    });
    expect(ping.status).toBe(200);
    expect((await rawRequest(host.port, `/__workbench/image?u=file%3A%2F%2F%2Fx&k=${imageKey}`)).status).toBe(400);
    const events = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: host.port, path: '/__workbench/events', headers: { ...s, Host: `127.0.0.1:${host.port}` } },
        (res) => {
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(events).toBe(200);
    // Without it, the plain paths are refused: the variants below are held to the same.
    for (const route of guarded())
      for (const method of route.methods) expect([401, 404]).toContain(await statusWithout(method, concrete(route)));
  });

  it('each character percent-encoded (upper and lower case hex, and twice), //, /./, /x/../, a trailing slash, ;x: 401 or 404', async () => {
    let sent = 0;
    for (const route of guarded()) {
      const path = concrete(route);
      for (const method of route.methods) {
        for (const variant of [...encodedOneByOne(path), ...reshaped(path)]) {
          const status = await statusWithout(method, variant);
          expect([401, 404], `${method} ${variant} answered ${status}`).toContain(status);
          sent++;
        }
      }
    }
    expect(sent).toBeGreaterThan(300);
  });

  it('any mixture of encodings and path shapes, generated: 401 or 404', async () => {
    for (const route of guarded()) {
      const path = concrete(route);
      for (const method of route.methods) {
        await fc.assert(
          fc.asyncProperty(mixedVariant(path), async (variant) => {
            const status = await statusWithout(method, variant);
            expect([401, 404], `${method} ${variant} answered ${status}`).toContain(status);
          }),
          { numRuns: 60 },
        );
      }
    }
  });

  it('the percent-encoded paths of the report (%5F_workbench, _%5Fworkbench, __%77orkbench) give no profiles, settings or events', async () => {
    for (const prefix of ['/%5F_workbench', '/_%5Fworkbench', '/__%77orkbench', '/__workbench%2F..%2F__workbench']) {
      const profiles = await rawRequest(host.port, `${prefix}/invoke/profiles:list`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect([401, 404], prefix).toContain(profiles.status);
      expect(profiles.body).not.toMatch(/searchTokens|"ok":true/);
      const settings = await rawRequest(host.port, `${prefix}/invoke/settings:update`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"input":{"theme":"dark"}}',
      });
      expect([401, 404]).toContain(settings.status);
      expect([401, 404]).toContain((await rawRequest(host.port, `${prefix}/events`)).status);
    }
    expect((await core.settings.get()).theme).not.toBe('dark');
  });
});

describe('pathProblem: paths whose decoded form means another path', () => {
  it.each([
    ['/__workbench%2Finvoke/x', 'encodes'],
    ['/__workbench/%2e%2e/x', '. or ..'],
    ['/__workbench/../x', '. or ..'],
    ['/__workbench/./x', '. or ..'],
    ['/__workbench//x', 'empty segment'],
    ['/__workbench\\x', 'backslash'],
    ['/__workbench/x;y', '; parameter'],
    ['/__workbench/%255Fx', 'encodes'],
    ['/__workbench/%E0%A4%A', 'does not decode'],
    ['/__workbench/%0ax', 'control character'],
  ])('%s is refused (%s)', (path, why) => {
    expect(pathProblem(path)).toContain(why);
  });

  it.each([
    '/',
    '/index.html',
    '/assets/index-Ab12.js',
    '/__workbench/invoke/app:ping',
    '/__workbench/image?u=https%3A%2F%2Fx%2Fa.png',
    '/a/',
  ])('%s is plain', (path) => {
    expect(pathProblem(path)).toBeUndefined();
  });
});
