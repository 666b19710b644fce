import { afterEach } from 'vitest';
import { createCore, type Core } from '../../src/main/core';

/**
 * Cores on a small Local demo (400 items, browser transport, no keychain) for tests that drive the contract:
 * each is disposed after its test; `stop` disposes one mid-test (a restart), so it is not disposed twice.
 */
export function demoCores(): { start: (dataDir: string) => Promise<Core>; stop: (core: Core) => Promise<void> } {
  const cores: Core[] = [];
  afterEach(async () => {
    for (const core of cores.splice(0)) await core.dispose();
  });
  return {
    start: async (dataDir) => {
      const core = await createCore({ dataDir, transport: 'browser', keychain: false, localDemo: { items: 400 } });
      cores.push(core);
      await core.services.localDemo?.ready;
      return core;
    },
    stop: async (core) => {
      cores.splice(cores.indexOf(core), 1);
      await core.dispose();
    },
  };
}
