import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/main/core';
import type { ConnectionStep } from '../../../src/shared/catalog';
import { LOCAL_DEMO_ID } from '../../../src/shared/profiles';

let core: Core | undefined;

async function start(now?: () => number): Promise<Core> {
  core = await createCore({
    dataDir: await mkdtemp(join(tmpdir(), 'wb-causes-')),
    transport: 'browser',
    keychain: false,
    localDemo: { items: 300 },
    ...(now ? { now } : {}),
  });
  await core.services.localDemo?.ready;
  return core;
}

async function steps(c: Core, profileId = LOCAL_DEMO_ID): Promise<ConnectionStep[]> {
  const result = await c.router.invoke('catalog:test-connection', { profileId }, { transport: 'browser' });
  if (!result.ok) throw new Error(result.error.message);
  return (result.value as { steps: ConnectionStep[] }).steps;
}

afterEach(async () => {
  await core?.dispose();
  core = undefined;
});

describe('test connection names the cause of a failed step', () => {
  it('both steps pass on Local demo, each timed', async () => {
    const c = await start();
    const found = await steps(c);
    expect(found.map((s) => [s.step, s.ok])).toEqual([
      ['token', true],
      ['catalog', true],
    ]);
    for (const s of found) expect(s.ms).toBeGreaterThan(0);
  });

  it('clock skew: an assertion signed by a clock 15 minutes fast', async () => {
    const c = await start(() => Date.now() + 15 * 60_000);
    const [token, catalog] = await steps(c);
    expect(token).toMatchObject({ step: 'token', ok: false, cause: 'clock-skew' });
    expect(catalog).toBeUndefined();
  });

  it('rate limited: the token endpoint answers 429 on every attempt', async () => {
    const c = await start();
    // As an operator would: the emulator's fault endpoint, over HTTP.
    const faults = await fetch(`${c.services.localDemo!.emulator!.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ endpoints: ['token'], burst429: 100, retryAfterSeconds: 0 }),
    });
    expect(faults.status).toBe(200);
    const [token] = await steps(c);
    expect(token).toMatchObject({ ok: false, cause: 'rate-limited' });
    expect(token?.message).toContain('(429)');
  });

  it('wrong client id, and a key the identity server does not know', async () => {
    const c = await start();
    const demo = c.services.profiles.get(LOCAL_DEMO_ID);
    const { id: _i, builtIn: _b, createdAt: _c, updatedAt: _u, publicKey: _k, ...fields } = demo;
    const other = await c.router.invoke(
      'profiles:create',
      { ...fields, name: 'Unknown client', clientId: 'nobody' },
      { transport: 'browser' },
    );
    const otherId = (other as { value: { id: string } }).value.id;
    await c.router.invoke('profiles:generate-key-pair', { id: otherId }, { transport: 'browser' });
    expect((await steps(c, otherId))[0]).toMatchObject({ ok: false, cause: 'wrong-client-id' });

    // Same client id as Local demo, but a key pair of its own that nobody registered.
    await c.router.invoke('profiles:update', { id: otherId, fields: { clientId: demo.clientId } }, { transport: 'browser' });
    expect((await steps(c, otherId))[0]).toMatchObject({ ok: false, cause: 'key-not-registered' });
  });
});
