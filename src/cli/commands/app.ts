/*
 * The app itself: `start` opens it (Electron where it can run, else browser mode), `serve` runs browser mode's host.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CliIo, type Command, EXIT, intOption, parse } from '../command';
import { createInterface } from 'node:readline';
import { createCore } from '../../main/core';
import { startHost } from '../../main/host/server';
import { defaultDataDir, developmentOverrides } from '../../main/services/app';

export type ElectronLookup = { found: true; path: string } | { found: false; reason: string };

/**
 * Finds the Electron binary without letting the `electron` package print a
 * download failure: first what is installed, then one quiet download attempt.
 */
export function findElectron(options: { tryDownload: boolean; timeoutMs?: number } = { tryDownload: true }): ElectronLookup {
  let pkgDir: string;
  try {
    pkgDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { found: false, reason: 'the electron package is not installed' };
  }
  const located = (): string | undefined => {
    const pathFile = join(pkgDir, 'path.txt');
    if (!existsSync(pathFile)) return undefined;
    const relative = readFileSync(pathFile, 'utf8').trim();
    const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
    const full = override ? join(override, relative) : join(pkgDir, 'dist', relative);
    return existsSync(full) ? full : undefined;
  };
  const present = located();
  if (present) return { found: true, path: present };
  if (!options.tryDownload) return { found: false, reason: 'the Electron binary has not been downloaded' };
  const attempt = spawnSync(process.execPath, [join(pkgDir, 'install.js')], {
    stdio: 'pipe',
    timeout: options.timeoutMs ?? 120_000,
    encoding: 'utf8',
  });
  const after = located();
  if (after) return { found: true, path: after };
  const detail = `${attempt.stderr ?? ''}${attempt.stdout ?? ''}`
    .split('\n')
    .find((l) => /error|fail/i.test(l))
    ?.trim();
  return { found: false, reason: `the Electron binary could not be downloaded${detail ? ` (${detail.slice(0, 120)})` : ''}` };
}

const projectRoot = (): string => fileURLToPath(new URL('../..', import.meta.url));

export const startCommand: Command = {
  name: 'start',
  summary: 'Open the desktop app; falls back to browser mode where Electron cannot run',
  usage:
    'start [--browser] [--port N]\n' +
    '  --browser  browser mode even where Electron can run (default: the desktop app when it can start)\n' +
    '  --port     port for browser mode on 127.0.0.1 (default 0: a free port)\n' +
    '  example: search-workbench start --browser',
  async run(argv, io: CliIo) {
    const { values } = parse(argv, { browser: { type: 'boolean' }, port: { type: 'string' } }, false);
    const electron = values.browser ? ({ found: false, reason: '--browser was given' } as const) : findElectron();
    if (electron.found) {
      const child = spawn(electron.path, [projectRoot()], { stdio: 'inherit' });
      return new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? EXIT.ok)));
    }
    io.stderr(`Electron is not available here (${electron.reason}); starting browser mode instead.`);
    const stopped = waitForSignal();
    const stop = await serveBrowserMode(io, values.port ? { port: Number(values.port) } : {});
    await stopped;
    await stop();
    return EXIT.ok;
  },
};

export const rendererDir = (): string => fileURLToPath(new URL('../renderer', import.meta.url));
/** The shipped week of demo traffic: the checkout's examples/workspace/traffic (browser mode runs from a checkout). */
export const demoTrafficDir = (): string => fileURLToPath(new URL('../../examples/workspace/traffic', import.meta.url));

export async function serveBrowserMode(
  io: CliIo,
  options: {
    port?: number;
    dataDir?: string;
    demoItems?: number;
    /** Lines typed here (Enter) each print a fresh launch URL; the terminal's stdin by default. */
    input?: NodeJS.ReadableStream;
  },
): Promise<() => Promise<void>> {
  // Browser mode runs from a checkout (never a packaged build): the environment's test hooks apply.
  const overrides = developmentOverrides(process.env, false);
  const demoItems = options.demoItems ?? overrides.demoItems;
  const core = await createCore({
    dataDir: options.dataDir ?? defaultDataDir(),
    transport: 'browser',
    localDemo: demoItems ? { items: demoItems } : true,
    demoTraffic: demoTrafficDir(),
    ...(overrides.secretsService ? { secretsService: overrides.secretsService } : {}),
    log: (message, err) => io.stderr(`${message}: ${err instanceof Error ? err.message : String(err)}`),
  });
  const host = await startHost({ core, rendererDir: rendererDir(), ...(options.port !== undefined ? { port: options.port } : {}) });
  io.stdout(`Search Workbench (browser mode) is running. Open this URL in your browser:\n  ${host.launchUrl}`);
  io.stdout(
    'It answers only on this machine. The URL opens one tab, once, within 2 minutes (a reload of that tab keeps working).\n' +
      'Press Enter here for a fresh URL (for another tab or browser); Ctrl+C to stop.',
  );
  const input = options.input ?? process.stdin;
  const onLine = () => io.stdout(`Fresh launch URL (works once, within 2 minutes):\n  ${host.renewLaunchUrl()}`);
  const lines = createInterface({ input, terminal: false });
  lines.on('line', onLine);
  return async () => {
    lines.close();
    await host.close();
    await core.dispose();
  };
}

export function waitForSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const done = (signal: NodeJS.Signals) => resolve(signal);
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
}

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Run the workbench in browser mode on 127.0.0.1 (no Electron needed)',
  usage:
    'serve [--port N] [--data-dir DIR]\n' +
    '  --port      port on 127.0.0.1 (default 0: a free port; the launch URL is printed)\n' +
    "  --data-dir  where profiles, history and the workspace live (default: the app's folder, ~/.config/Search Workbench on Linux)\n" +
    '  example: search-workbench serve --port 8765 --data-dir /tmp/wb',
  async run(argv, io) {
    const { values } = parse(argv, { port: { type: 'string' }, 'data-dir': { type: 'string' } }, false);
    const port = intOption(values.port, 'port', 0, 65535);
    const stop = await serveBrowserMode(io, {
      ...(port !== undefined ? { port } : {}),
      ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
    });
    await waitForSignal();
    await stop();
    return EXIT.ok;
  },
};
