import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/main/core';
import type { SuiteProgressView } from '../../../src/shared/assertions';

/**
 * The app's regression suite against Local demo: any folder (the repository's example suite), a run cancelled
 * part-way and resumed with only what it left, and the refusals that say what to do instead.
 */
let core: Core;
let dataDir: string;
let folder: string;
const progress: SuiteProgressView[] = [];
const waiting: { test: (p: SuiteProgressView) => boolean; resolve: () => void }[] = [];

/** Resolves on the first progress event that passes `test` (an event, never a timer). */
function progressWhere(test: (p: SuiteProgressView) => boolean): Promise<void> {
  return new Promise((done) => waiting.push({ test, resolve: done }));
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'wb-suites-'));
  // A copy of the repository's example suite: the resume test changes one of its files.
  folder = join(dataDir, 'suite');
  await cp(resolve('examples/workspace'), folder, { recursive: true });
  core = await createCore({ dataDir, transport: 'browser', keychain: false, localDemo: { items: 20_000 } });
  core.events.subscribe((name, payload) => {
    if (name !== 'assertions:progress') return;
    const p = payload as SuiteProgressView;
    progress.push(p);
    for (const w of waiting.splice(0)) {
      if (w.test(p)) w.resolve();
      else waiting.push(w);
    }
  });
}, 120_000);

afterAll(async () => {
  await core?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('regression suite in the app', () => {
  it('runs a folder the user names: every file in it, on default all passing', async () => {
    const run = await core.services.assertions.run({ folder, configurationId: 'default' });
    expect(run.folder).toBe(folder);
    expect(run.results.map((r) => r.file)).toContain('requests/demo-suite-backpack.json');
    expect(run.results.every((r) => !r.file.startsWith('/'))).toBe(true);
    expect(run.summary).toMatchObject({ failed: 0, errors: 0, exitCode: 0 });
    expect(run.summary.assertions).toBeGreaterThanOrEqual(25);
    expect(run.left).toBe(0);
    expect(run.results.find((r) => r.kind === 'autocomplete')?.request).toMatchObject({ query: expect.any(String) });
  }, 120_000);

  it('refuses a folder that is relative, missing or a file, naming the field', async () => {
    await expect(core.services.assertions.run({ folder: 'suites/demo' })).rejects.toMatchObject({
      error: { code: 'validation', details: { field: 'folder' }, message: expect.stringContaining('absolute path') },
    });
    await expect(core.services.assertions.run({ folder: join(dataDir, 'nope') })).rejects.toMatchObject({
      error: { details: { field: 'folder' }, message: expect.stringContaining('does not exist') },
    });
    await expect(core.services.assertions.run({ folder: join(folder, 'requests', 'demo-suite-backpack.json') })).rejects.toMatchObject({
      error: { details: { field: 'folder' }, message: expect.stringContaining('is a file, not a folder') },
    });
  });

  it('a cancelled run resumes with only what it left, and its results and progress count the whole suite', async () => {
    progress.length = 0;
    const first = core.services.assertions.run({ folder, configurationId: 'bestsellers' });
    await progressWhere((p) => p.done >= 1);
    expect(core.services.assertions.cancel()).toEqual({ cancelled: true });
    const stopped = await first;
    expect(stopped.stopped).toBe(true);
    const total = progress[0]!.total;
    expect(stopped.left).toBe(total - stopped.results.length);
    expect(stopped.left).toBeGreaterThan(0);

    progress.length = 0;
    const resumed = await core.services.assertions.run({ folder, configurationId: 'bestsellers', resume: true });
    expect(resumed).toMatchObject({ stopped: false, left: 0 });
    expect(resumed.results).toHaveLength(total);
    // Only the cases left ran again; progress started from where the first part stopped.
    expect(progress).toHaveLength(stopped.left);
    expect(progress[0]).toMatchObject({ total, done: stopped.results.length + 1 });
    // The same outcome as one run from the start: bestsellers fails the demo suite in its four places.
    const whole = await core.services.assertions.run({ folder, configurationId: 'bestsellers' });
    const failures = (run: typeof whole) =>
      run.results.flatMap((r) => r.assertions.filter((a) => a.status === 'failed').map((a) => `${r.file}#${r.name}#${a.index}`)).sort();
    expect(failures(resumed)).toEqual(failures(whole));
    expect(whole.summary.failed).toBe(4);

    // Nothing is left now: resuming says so.
    await expect(core.services.assertions.run({ folder, configurationId: 'bestsellers', resume: true })).rejects.toMatchObject({
      error: { code: 'validation', details: { field: 'resume' } },
    });
  }, 180_000);

  it('a resume after the suite’s files changed starts over, saying why', async () => {
    const run = core.services.assertions.run({ folder, configurationId: 'default' });
    await progressWhere((p) => p.done >= 1);
    core.services.assertions.cancel();
    expect((await run).left).toBeGreaterThan(0);
    const file = join(folder, 'requests', 'demo-suite-backpack.json');
    const saved = JSON.parse(await readFile(file, 'utf8')) as { expect: unknown[] };
    await writeFile(file, JSON.stringify({ ...saved, expect: [...saved.expect, { type: 'notEmpty' }] }));
    await expect(core.services.assertions.run({ folder, configurationId: 'default', resume: true })).rejects.toMatchObject({
      error: { code: 'conflict', message: expect.stringContaining('changed since the run stopped') },
    });
    // Another configuration has nothing to resume.
    await expect(core.services.assertions.run({ folder, configurationId: 'bestsellers', resume: true })).rejects.toMatchObject({
      error: { details: { field: 'resume' } },
    });
  }, 180_000);
});
