/**
 * A capability is one word in every layer: its IPC channel file and its handler file have the same name and hold the
 * same channels, each channel domain (`judgments:` in `judgments:rate`) lives in one file, each of those names has
 * its services folder, and each command file is named for a capability that has a folder in some layer.
 */
import { readdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../src/main/services';

const root = resolve(import.meta.dirname, '../../..');
const names = (dir: string, ext = '.ts') =>
  readdirSync(resolve(root, dir), { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(ext))
    .map((e) => basename(e.name, ext))
    .sort();
const folders = (dir: string) =>
  readdirSync(resolve(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** The channels a module declares: the keys of every object it exports whose name ends in `Channels`. */
async function declared(file: string): Promise<string[]> {
  const module = (await import(resolve(root, file))) as Record<string, unknown>;
  return Object.entries(module)
    .filter(([name]) => name.endsWith('Channels'))
    .flatMap(([, value]) => Object.keys(value as object))
    .sort();
}

/** The channels a handler module answers: the keys its exported functions return (handlers are not called). */
async function handled(file: string): Promise<string[]> {
  const module = (await import(resolve(root, file))) as Record<string, (s: Services) => object>;
  return Object.values(module)
    .flatMap((make) => Object.keys(make({} as Services)))
    .sort();
}

describe('one name per capability in every layer', () => {
  const channelFiles = names('src/shared/ipc/channels');

  it('channel files and handler files have the same names', () => {
    expect(names('src/main/handlers')).toEqual(channelFiles);
  });

  it.each(channelFiles)('%s: the handler file answers exactly the channels its channel file declares', async (name) => {
    const channels = await declared(`src/shared/ipc/channels/${name}.ts`);
    expect(channels.length).toBeGreaterThan(0);
    expect(await handled(`src/main/handlers/${name}.ts`)).toEqual(channels);
  });

  it('each channel domain lives in one channel file', async () => {
    const fileOf = new Map<string, Set<string>>();
    for (const name of channelFiles)
      for (const channel of await declared(`src/shared/ipc/channels/${name}.ts`)) {
        const domain = channel.split(':')[0]!;
        fileOf.set(domain, new Set([...(fileOf.get(domain) ?? []), name]));
      }
    expect([...fileOf].filter(([, files]) => files.size > 1)).toEqual([]);
  });

  it('each channel file names a folder of src/main/services', () => {
    const services = folders('src/main/services');
    expect(channelFiles.filter((name) => !services.includes(name))).toEqual([]);
  });

  it('each command file names a capability with a folder in the services, the shared core or the renderer', () => {
    const known = new Set([...folders('src/main/services'), ...folders('src/shared'), ...folders('src/renderer/src/features')]);
    expect(names('src/cli/commands').filter((name) => !known.has(name))).toEqual([]);
  });
});
