/**
 * A capability is one word in every layer: it declares its operations in its core (`src/shared/<cap>/operations.ts`)
 * and implements exactly those in its services folder (`src/main/services/<cap>/operations.ts`); each operation
 * domain (`judgments:` in `judgments:rate`) is declared by one capability; the contract is every capability's
 * operations and nothing else; each command file is named for a capability that has a folder in some layer.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../src/main/services';
import { channelNames } from '../../../src/shared/ipc';

const root = resolve(import.meta.dirname, '../../..');
const names = (dir: string, ext = '.ts') =>
  readdirSync(resolve(root, dir), { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(ext))
    .map((e) => basename(e.name, ext))
    .sort();
const folders = (dir: string) =>
  readdirSync(resolve(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
const withFile = (dir: string, file: string) => folders(dir).filter((cap) => existsSync(resolve(root, dir, cap, file)));

/** The operations a core declares: the keys of every object its operations module exports under a name ending in `Operations`. */
async function declared(cap: string): Promise<string[]> {
  const module = (await import(resolve(root, 'src/shared', cap, 'operations.ts'))) as Record<string, unknown>;
  return Object.entries(module)
    .filter(([name]) => name.endsWith('Operations'))
    .flatMap(([, value]) => Object.keys(value as object))
    .sort();
}

/** The operations a service folder implements: the keys its implementation returns (no handler is called). */
async function implemented(cap: string): Promise<string[]> {
  const module = (await import(resolve(root, 'src/main/services', cap, 'operations.ts'))) as Record<string, (s: Services) => object>;
  return Object.values(module)
    .flatMap((make) => Object.keys(make({} as Services)))
    .sort();
}

describe('one name per capability in every layer', () => {
  const capabilities = withFile('src/shared', 'operations.ts');

  it('every capability that declares operations implements them in a services folder of the same name, and no other folder does', () => {
    expect(capabilities.length).toBeGreaterThan(10);
    expect(withFile('src/main/services', 'operations.ts')).toEqual(capabilities);
  });

  it.each(capabilities)('%s: the services folder implements exactly the operations its core declares', async (cap) => {
    const operations = await declared(cap);
    expect(operations.length).toBeGreaterThan(0);
    expect(await implemented(cap)).toEqual(operations);
  });

  it('each operation domain is declared by one capability, and the contract is every declared operation', async () => {
    const capabilityOf = new Map<string, Set<string>>();
    const all: string[] = [];
    for (const cap of capabilities)
      for (const operation of await declared(cap)) {
        all.push(operation);
        const domain = operation.split(':')[0]!;
        capabilityOf.set(domain, new Set([...(capabilityOf.get(domain) ?? []), cap]));
      }
    expect([...capabilityOf].filter(([, caps]) => caps.size > 1)).toEqual([]);
    expect([...channelNames].sort()).toEqual(all.sort());
  });

  it('each command file names a capability with a folder in the services, the shared core or the renderer', () => {
    const known = new Set([...folders('src/main/services'), ...folders('src/shared'), ...folders('src/renderer/src/features')]);
    expect(names('src/cli/commands').filter((name) => !known.has(name))).toEqual([]);
  });
});
