import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** The command line as `npm run build` leaves it. */
export const BUILT_CLI = resolve(import.meta.dirname, '../../out/cli/index.js');

/**
 * Runs the built command line to its exit without blocking this process — which may serve the emulator the
 * command talks to — with what it printed on each stream; `input` is its standard input.
 */
export function runBuiltCli(
  args: string[],
  options: { env?: Record<string, string>; input?: string } = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BUILT_CLI, ...args], { env: { ...process.env, ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    if (options.input !== undefined) child.stdin.end(options.input);
    else child.stdin.end();
    child.once('exit', (status) => done({ status, stdout, stderr }));
  });
}
