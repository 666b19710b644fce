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

const BROWSER = { transport: 'browser' as const };

/** A channel's result as the window gets it: the value, or the failure with its code, message and field. */
export function invoke(core: Core, channel: string, input: unknown) {
  return core.router.invoke(channel, input, BROWSER);
}

/** A channel's value; a failure throws, naming the channel, its code and message. */
export async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const result = await invoke(core, channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}
