import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core';
import { channelNames, contract } from '../../../src/shared/ipc/contract';
import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const core = await createCore({
  dataDir: await mkdtemp(join(tmpdir(), 'wb-router-')),
  transport: 'browser',
  localDemo: false,
  keychain: false,
});
const ctx = { transport: 'browser' as const };

/** Inputs no channel accepts: wrong top-level types and objects with unknown keys. */
const MALFORMED: unknown[] = [
  null,
  42,
  'text',
  true,
  [],
  [1, 2],
  { __proto__: null, unexpected: 1 },
  { text: { nested: true }, extra: 'x' },
];

describe('router', () => {
  it.each(channelNames)('answers malformed input on %s with a typed validation error and stays alive', async (channel) => {
    for (const input of MALFORMED) {
      if (contract[channel].input.safeParse(input).success) continue;
      const result = await core.router.invoke(channel, input, ctx);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('validation');
        expect(result.error.message).toContain(channel);
        expect(result.error.details?.issues?.length).toBeGreaterThan(0);
        expect(JSON.stringify(result)).not.toMatch(/\n\s+at /);
      }
    }
    const alive = await core.router.invoke('app:ping', { text: 'still here' }, ctx);
    expect(alive).toMatchObject({ ok: true, value: { pong: 'still here' } });
  });

  it('names the field in validation messages', async () => {
    const result = await core.router.invoke('settings:update', { theme: 'purple' }, ctx);
    expect(result).toMatchObject({ ok: false, error: { code: 'validation', details: { issues: [{ path: 'theme' }] } } });
  });

  it('answers an unknown channel with a typed error', async () => {
    await expect(core.router.invoke('app:format-disk', {}, ctx)).resolves.toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    await expect(core.router.invoke(undefined, {}, ctx)).resolves.toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    await expect(core.router.invoke('__proto__', {}, ctx)).resolves.toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
  });

  it('never throws, whatever the channel name and input', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constantFrom(...channelNames), fc.string()), fc.anything(), async (channel, input) => {
        const result = await core.router.invoke(channel, input, ctx);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });

  it('app:info reports version, platform and transport', async () => {
    const result = await core.router.invoke('app:info', undefined, ctx);
    expect(result).toMatchObject({ ok: true, value: { name: 'Search Workbench', transport: 'browser', platform: process.platform } });
  });
});

describe('settings', () => {
  it('a patch changes only what it names', async () => {
    await core.router.invoke('settings:update', { requestTimeoutMs: 12_000, historySize: 50 }, ctx);
    const result = await core.router.invoke('settings:update', { theme: 'dark' }, ctx);
    expect(result).toMatchObject({ ok: true, value: { theme: 'dark', requestTimeoutMs: 12_000, historySize: 50 } });
  });

  it('answers every unusable CA path alike, so the setting cannot probe which paths exist', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wb-ca-'));
    const fifo = join(dir, 'pipe.pem');
    execFileSync('mkfifo', [fifo]);
    await writeFile(join(dir, 'notes.txt'), 'hello');
    const messages: string[] = [];
    for (const path of ['/nope/ca.pem', '/etc/passwd', '/etc', '/root/.ssh/id_rsa', join(dir, 'notes.txt'), fifo, '/dev/zero']) {
      const result = await core.router.invoke('settings:update', { extraCaCertificates: [path] }, ctx);
      expect(result).toMatchObject({ ok: false, error: { code: 'validation', details: { field: 'extraCaCertificates' } } });
      if (!result.ok) messages.push(result.error.message.replace(path, '<path>'));
    }
    expect(new Set(messages).size).toBe(1);
    expect(messages[0]).toBe(
      '<path> is not a readable PEM file of certificates ("-----BEGIN CERTIFICATE-----"); pick the CA certificate file your network uses.',
    );
  });

  it('remembers split-pane layouts per screen and refuses a malformed one, naming where', async () => {
    const paneLayouts = { search: { widths: { builder: 640, inspectors: 300 }, collapsed: ['inspectors'] } };
    expect(await core.router.invoke('settings:update', { paneLayouts }, ctx)).toMatchObject({ ok: true, value: { paneLayouts } });
    const bad = await core.router.invoke('settings:update', { paneLayouts: { search: { widths: { builder: -5 }, collapsed: [] } } }, ctx);
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'validation', message: expect.stringContaining('paneLayouts.search.widths.builder') },
    });
    expect(await core.router.invoke('settings:get', undefined, ctx)).toMatchObject({ ok: true, value: { paneLayouts } });
  });

  it('names the problem with an extra CA file', async () => {
    const result = await core.router.invoke('settings:update', { extraCaCertificates: ['/nope/ca.pem'] }, ctx);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'validation', message: expect.stringContaining('/nope/ca.pem'), details: { field: 'extraCaCertificates' } },
    });
  });
});
