// Builds the app's bundles (main, preload, renderer, CLI) with one line of output when all goes well;
// warnings and errors still print. `--verbose` shows the bundlers' own tables.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const verbose = process.argv.includes('--verbose');
const level = verbose ? 'info' : 'warn';
const bin = (name) => join('node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
const steps = [
  [bin('electron-vite'), ['build', '--logLevel', level]],
  [bin('vite'), ['build', '-c', 'vite.node.config.ts', '--logLevel', level]],
];

const started = performance.now();
process.stdout.write('Building the app… ');
for (const [command, args] of steps) {
  const run = spawnSync(command, args, { stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'inherit'], shell: process.platform === 'win32' });
  if (run.status !== 0) {
    process.stdout.write('failed.\n');
    if (run.stdout) process.stdout.write(run.stdout);
    process.exit(run.status ?? 1);
  }
  // At warn level the bundlers print only what matters: pass it on.
  const said = run.stdout?.toString().trim();
  if (said) process.stdout.write(`\n${said}\n`);
}
process.stdout.write(`done in ${((performance.now() - started) / 1000).toFixed(1)} s (out/).\n`);
