/**
 * The steps of `npm test` as child processes: an npm script run in the foreground or the background, and a suite
 * stopped when it is stuck — still running long after it wrote the summary that says its last test had ended.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, watch } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export interface Ran {
  exitCode: number;
  seconds: number;
  /** What it printed, when it ran in the background (printed later under its own heading). */
  output: string;
  /** Stopped after it had written `doneFile` and then did not exit (see npmRun). */
  stuck?: true;
}

/**
 * How long a suite may go on after writing its summary before it is taken to be stuck: a runner whose worker will not
 * end (a native module's thread in a worker thread) never exits, and CI would wait out its whole limit.
 */
const STUCK_AFTER_MS = 30_000;

/**
 * `npm run SCRIPT -- ARGS`: printing as it goes, or (background) keeping what it prints for later. With `doneFile`
 * (a suite's summary, written once its last test has ended), the script's processes are stopped when they are still
 * running STUCK_AFTER_MS after that file appeared.
 */
export function npmRun(script: string, args: readonly string[] = [], background = false, doneFile?: string): Promise<Ran> {
  const extra = args.length ? ['--', ...args] : [];
  return run('npm', ['run', '--silent', script, ...extra], { background, ...(doneFile ? { doneFile } : {}), name: script });
}

/** A command as npmRun runs one (see there); `stuckAfterMs` for tests of the stop itself. */
export function run(
  command: string,
  args: readonly string[],
  options: { background?: boolean; doneFile?: string; name?: string; stuckAfterMs?: number } = {},
): Promise<Ran> {
  const { background = false, doneFile, name = command, stuckAfterMs = STUCK_AFTER_MS } = options;
  const started = performance.now();
  const posix = process.platform !== 'win32';
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: background ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    shell: !posix,
    // Its own process group, so a stuck runner can be stopped with everything it started.
    detached: posix && doneFile !== undefined,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let stuck = false;
  let timer: NodeJS.Timeout | undefined;
  const watcher =
    doneFile && posix
      ? watchFor(doneFile, () => {
          timer = setTimeout(() => {
            stuck = true;
            process.stdout.write(
              `\n${name} wrote ${relative(ROOT, doneFile)} (its last test had ended) but had not exited ${stuckAfterMs / 1000} s later: stopped. Its results stand as written; a process that does not end is a defect to find (a worker thread left running).\n`,
            );
            process.kill(-child.pid!, 'SIGKILL');
          }, stuckAfterMs);
        })
      : undefined;
  // Its own group does not hear the terminal's Ctrl+C: an interrupted run stops it, then ends as interrupted.
  const forward = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } finally {
      process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
    }
  };
  if (watcher) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, forward);
  return new Promise((done) => {
    child.on('error', (err) => (output += `${err.message}\n`));
    child.on('close', (code) => {
      clearTimeout(timer);
      watcher?.close();
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, forward);
      done({ exitCode: stuck ? 0 : (code ?? 1), seconds: (performance.now() - started) / 1000, output, ...(stuck ? { stuck: true } : {}) });
    });
  });
}

/** Calls `then` once `file` exists: at once if it does, else when its folder says it was made. */
function watchFor(file: string, then: () => void): { close: () => void } {
  mkdirSync(dirname(file), { recursive: true });
  let fired = false;
  const fire = () => {
    if (fired || !existsSync(file)) return;
    fired = true;
    watcher.close();
    then();
  };
  const watcher = watch(dirname(file), fire);
  fire();
  return { close: () => watcher.close() };
}
