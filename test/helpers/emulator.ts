import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { request } from 'undici';
import { demoConfig, startEmulator, type EmulatorConfig, type StartEmulatorOptions } from '../../src/main/emulator';

export const DEMO_TOKEN = 'demo-search-token-0001';
export const OUTLET_TOKEN = 'outlet-search-token-0001';

export interface Reply<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
}

/** An emulator on loopback for a test file, with small helpers that speak plain HTTP to it. */
export async function testEmulator(options: StartEmulatorOptions & { configure?: (c: EmulatorConfig) => void } = {}) {
  const config = options.config ?? demoConfig();
  options.configure?.(config);
  const running = await startEmulator({ items: 3000, ...options, config });
  const call = async <T = any>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> => {
    const res = await request(`${running.url}${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await res.body.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.statusCode, headers: res.headers, body: parsed as T };
  };
  return {
    ...running,
    call,
    post: <T = any>(path: string, body: unknown, headers?: Record<string, string>) => call<T>('POST', path, body, headers),
    get: <T = any>(path: string, headers?: Record<string, string>) => call<T>('GET', path, undefined, headers),
    search: <T = any>(body: Record<string, unknown>) => call<T>('POST', '/search', { token: DEMO_TOKEN, ...body }),
    form: async (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
      const res = await request(`${running.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
      });
      return { status: res.statusCode, headers: res.headers, body: (await res.body.json()) as any };
    },
  };
}

export type TestEmulator = Awaited<ReturnType<typeof testEmulator>>;

/** The CLI's `catalog` arguments against an emulator's demo tenant, production, as `clientId` (credentials added by the caller). */
export function catalogArgs(em: Pick<TestEmulator, 'authUrl' | 'itemsUrl'>, clientId: string): string[] {
  return [
    'catalog',
    '--auth-url',
    em.authUrl,
    '--items-url',
    em.itemsUrl,
    '--tenant',
    'demo',
    '--environment',
    'production',
    '--client-id',
    clientId,
  ];
}

/**
 * An emulator and a temporary folder for one test file (started before its tests, stopped after): read them
 * from the answer once the tests run.
 */
export function emulatorAndFolder(prefix: string, items = 300): { em: TestEmulator; dir: string } {
  const fixture = {} as { em: TestEmulator; dir: string };
  beforeAll(async () => {
    fixture.em = await testEmulator({ items });
    fixture.dir = await mkdtemp(join(tmpdir(), prefix));
  }, 60_000);
  afterAll(() => fixture.em?.stop());
  return fixture;
}

/** How many searches the emulator has answered so far. */
export const searchCount = async (em: TestEmulator): Promise<number> => (await em.get('/__emulator/stats')).body.requests.search ?? 0;

/** `compare` of a query list on the emulator's two demo configurations, default (A) and bestsellers (B). */
export const compareArgs = (em: Pick<TestEmulator, 'url'>, queries: string): string[] => [
  'compare',
  '--queries',
  queries,
  '--base-url',
  em.url,
  '--token',
  DEMO_TOKEN,
  '--a',
  'default',
  '--b',
  'bestsellers',
];
