import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { createCore } from '../../src/main/core';
import { startHost } from '../../src/main/host/server';
import { measure, printTable } from './table';

/**
 * The cost of the transport: the same channel called on the router directly
 * (the floor) and through browser mode's HTTP host (what the renderer pays).
 */
export async function benchIpc(): Promise<void> {
  const core = await createCore({
    dataDir: await mkdtemp(join(tmpdir(), 'wb-bench-ipc-')),
    transport: 'browser',
    localDemo: false,
    keychain: false,
  });
  const rendererDir = await mkdtemp(join(tmpdir(), 'wb-bench-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const host = await startHost({ core, rendererDir, launchToken: 'bench-launch' });
  const agent = new Agent({ connections: 4, keepAliveTimeout: 10_000 });
  const hostHeader = `127.0.0.1:${host.port}`;
  const grant = await request(`${host.url}__workbench/session`, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json', host: hostHeader },
    body: '{"launch":"bench-launch"}',
  });
  const { session } = (await grant.body.json()) as { session: string };
  const ctx = { transport: 'browser' as const };

  const direct = await measure(() => core.router.invoke('app:ping', { text: 'x' }, ctx), 20_000);
  const overHttp = await measure(async () => {
    const res = await request(`${host.url}__workbench/invoke/app:ping`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', 'x-workbench-session': session, host: hostHeader },
      body: '{"input":{"text":"x"}}',
    });
    await res.body.json();
  }, 3_000);
  const invalid = await measure(() => core.router.invoke('app:ping', { text: 1 }, ctx), 20_000);

  printTable(
    'IPC round trip: app:ping (ms per call)',
    ['path', 'calls', 'p50', 'p95', 'p99', 'calls/s'],
    [
      ['router, in process (floor)', direct.n, direct.p50, direct.p95, direct.p99, direct.perSecond],
      ['router, rejected input', invalid.n, invalid.p50, invalid.p95, invalid.p99, invalid.perSecond],
      ['browser-mode host over HTTP', overHttp.n, overHttp.p50, overHttp.p95, overHttp.p99, overHttp.perSecond],
    ],
  );
  await agent.close();
  await host.close();
}
