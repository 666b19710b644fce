import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT, parse, type CliIo, type Command } from '../command';
import { serveBrowserMode, waitForSignal } from './serve';

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
