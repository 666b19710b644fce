import { afterAll, beforeAll } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createCore, type Core } from '../../../src/main/core';
import { buildApi, type WorkbenchApi } from '../../../src/shared/ipc/api';
import { composeSlices, type AppState } from '../../../src/renderer/src/store/store';

/**
 * The renderer's store over the real main-process core, in one process: the
 * bridge the preload would expose is built from the contract over the real
 * router, and Local demo's emulator answers on loopback. Nothing is mocked.
 */
export interface AppUnderTest {
  core: Core;
  api: WorkbenchApi;
  store: StoreApi<AppState>;
  state: () => AppState;
  dispose: () => Promise<void>;
}

export interface AppOptions {
  items?: number;
  /** Write the demo workspace files on start, as a new install does (default false: tests start from an empty folder). */
  demoWorkspace?: boolean;
}

export async function startApp(options: AppOptions = {}): Promise<AppUnderTest> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wb-renderer-'));
  const core = await createCore({
    dataDir,
    transport: 'browser',
    keychain: false,
    localDemo: { items: options.items ?? 400 },
    demoWorkspace: options.demoWorkspace ?? false,
  });
  await core.services.localDemo?.ready;
  const api = buildApi(
    (channel, input) => core.router.invoke(channel, input, { transport: 'browser' }),
    (event, listener) => core.events.subscribe((name, payload) => name === event && listener(payload)),
  );
  Object.defineProperty(globalThis, 'window', { value: { workbench: api }, configurable: true, writable: true });
  const store = createStore<AppState>()(composeSlices);
  await store.getState().boot();
  await store.getState().loadProfiles();
  return {
    core,
    api,
    store,
    state: () => store.getState(),
    dispose: async () => {
      await core.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits on the store itself (a state change), never on time: resolves at the first state that satisfies the check. */
export function waitFor(store: StoreApi<AppState>, check: (state: AppState) => boolean): Promise<AppState> {
  return new Promise((resolve) => {
    if (check(store.getState())) return resolve(store.getState());
    const off = store.subscribe((state) => {
      if (!check(state)) return;
      off();
      resolve(state);
    });
  });
}

/**
 * The app for one describe block: started before its tests, disposed after.
 * The returned object reads through to the running app, so tests use it as is.
 */
export function appForSuite(options: AppOptions = {}): AppUnderTest {
  let app: AppUnderTest | undefined;
  beforeAll(async () => {
    app = await startApp(options);
  });
  afterAll(() => app?.dispose());
  const running = () => {
    if (!app) throw new Error('The app starts in beforeAll; use it inside a test.');
    return app;
  };
  return {
    get core() {
      return running().core;
    },
    get api() {
      return running().api;
    },
    get store() {
      return running().store;
    },
    state: () => running().state(),
    dispose: () => running().dispose(),
  };
}
