import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as MockModule from '../../../mocks/electron';

type ElectronMock = typeof MockModule;

// A small Local demo and a keychain service of its own, so the glue tests start fast and touch no real entries.
process.env.SEARCH_WORKBENCH_DEMO_ITEMS = '300';
process.env.SEARCH_WORKBENCH_SECRETS_SERVICE = `search-workbench-test-${process.pid}`;

vi.mock('electron', () => import('../../../mocks/electron'));

async function freshElectron() {
  vi.resetModules();
  const electron = (await import('electron')) as unknown as ElectronMock;
  electron.FakeBrowserWindow.instances.length = 0;
  electron.ipcHandlers.clear();
  return electron;
}

/** Waits for what the glue does on its own time; the limit only stops a hung test (a busy machine takes seconds). */
async function waitFor<T>(probe: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('app lifecycle glue', () => {
  afterEach(async () => {
    const electron = (await import('electron')) as unknown as ElectronMock;
    // An app from the test may still be writing the demo workspace: removal retries a folder that fills meanwhile.
    await rm(electron.app.userData, { recursive: true, force: true, maxRetries: 10 });
  });

  it('quits at once when another instance holds the single-instance lock', async () => {
    const electron = await freshElectron();
    electron.app.hasLock = false;
    electron.app.quit.mockClear();
    // The lock is asked for while the module loads; without it the module quits and never reaches the start.
    await import('../../../../src/main/index');
    expect(electron.app.quit).toHaveBeenCalled();
    expect(electron.FakeBrowserWindow.instances).toHaveLength(0);
    electron.app.hasLock = true;
  });

  it('remembers the window bounds and restores them on the next start', async () => {
    const electron = await freshElectron();
    await import('../../../../src/main/index');
    const window = await waitFor(() => electron.FakeBrowserWindow.instances[0]);
    window.emit('resize');
    const file = join(electron.app.userData, 'window-state.json');
    const saved = await waitFor(() => {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as { bounds: unknown };
      } catch {
        return undefined;
      }
    });
    expect(saved.bounds).toEqual({ x: 10, y: 20, width: 1200, height: 800 });

    // A second start reads the same data folder and opens the window where it was.
    const again = await freshElectron();
    again.app.userData = electron.app.userData;
    await import('../../../../src/main/index');
    const reopened = await waitFor(() => again.FakeBrowserWindow.instances[0]);
    expect(reopened.options).toMatchObject({ x: 10, y: 20, width: 1200, height: 800 });
    expect(JSON.parse(await readFile(file, 'utf8')).formatVersion).toBe(1);
  });
});
