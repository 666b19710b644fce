import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../helpers/npm-run';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wb-npm-run-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A process that writes `file` and then, with `hang`, never ends (a child of its own keeps the group busy too). */
const script = (file: string, hang: boolean) =>
  [
    "const { writeFileSync } = require('node:fs');",
    "const { spawn } = require('node:child_process');",
    // The child shares its output: the run ends only once every process holding it has ended, the child too.
    hang ? "const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' });" : '',
    `writeFileSync(${JSON.stringify(file)}, JSON.stringify({ child: ${hang ? 'child.pid' : 'null'} }));`,
    hang ? 'setInterval(() => {}, 1000);' : '',
  ].join('\n');

describe.skipIf(process.platform === 'win32')('a suite that does not end after its summary', () => {
  it('is stopped with everything it started, its exit taken as its summary says', async () => {
    const file = join(dir, 'stuck.json');
    const ran = await run(process.execPath, ['-e', script(file, true)], { background: true, doneFile: file, stuckAfterMs: 500 });
    expect(ran.stuck).toBe(true);
    expect(ran.exitCode).toBe(0);
    // The process it started went with it: gone, or dead and waiting to be reaped (a zombie, state Z).
    const { child } = JSON.parse(await readFile(file, 'utf8')) as { child: number };
    const state = await readFile(`/proc/${child}/stat`, 'utf8').then(
      (stat) => stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3),
      () => 'gone',
    );
    expect(['gone', 'Z']).toContain(state);
  });

  it('that ends by itself is left alone', async () => {
    const file = join(dir, 'done.json');
    const ran = await run(process.execPath, ['-e', `${script(file, false)}\nprocess.exitCode = 3;`], {
      background: true,
      doneFile: file,
      stuckAfterMs: 60_000,
    });
    expect(ran.stuck).toBeUndefined();
    expect(ran.exitCode).toBe(3);
  });
});
