import { demoConfig, type EmulatorConfig } from './config';
import { Emulator } from './emulator';
import type { EmulatorInfo } from './info';
import { emulatorInfo } from './info';
import { createServer } from './server';

export interface StartEmulatorOptions {
  port?: number;
  /** 127.0.0.1 unless told otherwise; operator endpoints stay loopback-only either way. */
  host?: string;
  config?: EmulatorConfig;
  /** Overrides the catalog size and seed of the configuration. */
  items?: number;
  seed?: number;
  now?: () => number;
  /** Serve over TLS with this key and certificate (PEM), e.g. to test custom CAs. */
  https?: { key: string; cert: string };
  /** Requests a second the search endpoints take before answering 429 with Retry-After (changeable at /__emulator/rate-limit). */
  rateLimit?: number;
  /** A folder for what the emulator keeps on disk: the tracker's `activities.jsonl`. In memory only without one. */
  dataDir?: string;
}

export interface RunningEmulator {
  url: string;
  searchUrl: string;
  authUrl: string;
  itemsUrl: string;
  port: number;
  emulator: Emulator;
  info(): EmulatorInfo;
  stop(): Promise<void>;
}

/** Starts the embedded search service on a free loopback port (or the one given). */
export async function startEmulator(options: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  const base = options.config ?? demoConfig();
  const config: EmulatorConfig = {
    ...base,
    catalog: {
      ...base.catalog,
      ...(options.items !== undefined ? { items: options.items } : {}),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
    },
  };
  const emulator = await Emulator.create(config, options.now, options.dataDir);
  if (options.rateLimit !== undefined) emulator.rateLimit.set(options.rateLimit);
  let url = '';
  const app = createServer(emulator, () => url, options.https);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const scheme = options.https ? 'https' : 'http';
  url = `${scheme}://${host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  return {
    url,
    searchUrl: url,
    authUrl: url,
    itemsUrl: url,
    port,
    emulator,
    info: () => emulatorInfo(emulator, url),
    stop: () => app.close(),
  };
}

export { demoConfig, loadEmulatorConfig, type EmulatorConfig } from './config';
