import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/main/core';
import { DEMO_AB_TEST, DEMO_AB_TEST_FILE } from '../../../src/main/services/demo';
import { assign } from '../../../src/shared/abtest';
import type { TrafficTruth } from '../../../src/shared/traffic';

/**
 * A/B tests in the app, through the core the window talks to: the demo test written with the demo files and read from
 * the demo week's traffic (simulated under it) against the simulator's truth, the planner on that traffic, tests saved
 * over their own file and refused over another's, and configurations the active profile lacks said as warnings.
 */
let core: Core;
let dataDir: string;
const ROOT = resolve(import.meta.dirname, '../../..');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'wb-abtest-'));
  core = await createCore({
    dataDir,
    transport: 'browser',
    keychain: false,
    localDemo: { items: 3000 },
    demoTraffic: join(ROOT, 'examples', 'workspace', 'traffic'),
  });
  await core.services.demoFiles.ready();
}, 120_000);

afterAll(async () => {
  await core?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('A/B tests in the app', () => {
  it('lists the demo test with the demo files, and reads it as written', async () => {
    const listing = await core.services.workspace.listing();
    expect(listing.items['ab-tests']).toEqual([
      expect.objectContaining({
        file: DEMO_AB_TEST_FILE,
        name: DEMO_AB_TEST.name,
        summary: 'control 50% / new-arrivals 50% · from 2026-11-01',
      }),
    ]);
    expect(await core.services.abtests.read(DEMO_AB_TEST_FILE)).toEqual(DEMO_AB_TEST);
  });

  it('reads the demo test from the demo week: every search tied by its logged variation, the true lifts inside the intervals', async () => {
    const truth = JSON.parse(await readFile(join(ROOT, 'test', 'fixtures', 'traffic', 'demo-truth.json'), 'utf8')) as TrafficTruth;
    const variations = truth.abTest!.variations;
    const trueCtr = variations['new-arrivals']!.expectedCtrAtK / variations.control!.expectedCtrAtK - 1;
    const readout = await core.services.abtests.readout(DEMO_AB_TEST_FILE, { metric: 'ctr', k: 10, minimumEffect: 0.05, alpha: 0.05 });
    expect(readout.searches).toMatchObject({ bucketed: 0, unknownVariation: 0 });
    expect(readout.searches.logged).toBe(variations.control!.searches + variations['new-arrivals']!.searches);
    expect(readout.variations.map((v) => [v.id, v.users])).toEqual([
      ['control', variations.control!.users],
      ['new-arrivals', variations['new-arrivals']!.users],
    ]);
    expect(readout.srm.flagged).toBe(false);
    const lift = readout.lifts[0]!;
    expect(lift.ci95[0]).toBeLessThan(trueCtr);
    expect(lift.ci95[1]).toBeGreaterThan(trueCtr);
    expect(lift.alwaysValid.ci[0]).toBeLessThan(trueCtr);
    expect(lift.alwaysValid.ci[1]).toBeGreaterThan(trueCtr);
    // The always-valid interval is the wider: the price of reading every day.
    expect(lift.alwaysValid.ci[1] - lift.alwaysValid.ci[0]).toBeGreaterThan(lift.ci95[1] - lift.ci95[0]);
    expect(lift.daily.length).toBeGreaterThanOrEqual(7);
    expect(readout.warnings).toEqual([]);
  });

  it('plans on the traffic: conversion at +5% needs more users than the week has, and more days the smaller the arm', async () => {
    const half = await core.services.abtests.plan(DEMO_AB_TEST_FILE, { metric: 'conversion', k: 10, minimumEffect: 0.05, alpha: 0.05 });
    expect(half.from).toBe('2026-11-01');
    expect(half.baseline.users).toBeGreaterThan(9000);
    expect(half.baseline.value).toBeGreaterThan(0.08);
    expect(half.needed).toBeGreaterThan(half.baseline.users);
    const { file } = await core.services.abtests.save(undefined, {
      ...DEMO_AB_TEST,
      id: 'uneven',
      name: 'Uneven split',
      variations: [
        { id: 'control', weight: 80 },
        { id: 'b', weight: 20, configurationId: 'bestsellers' },
      ],
    });
    const uneven = await core.services.abtests.plan(file, { metric: 'conversion', k: 10, minimumEffect: 0.05, alpha: 0.05 });
    expect(uneven.needed).toBe(half.needed);
    expect(uneven.days!).toBeGreaterThan(2 * half.days!);
  });

  it('saves over its own file (never renaming it), refuses another file, and warns of a configuration the profile lacks', async () => {
    const created = await core.services.abtests.save(undefined, { ...DEMO_AB_TEST, id: 'typo', name: 'Typo test' });
    expect(created).toEqual({ file: 'typo-test.json', warnings: [] });
    const renamed = await core.services.abtests.save('typo-test.json', {
      ...DEMO_AB_TEST,
      id: 'typo',
      name: 'Typo test, renamed',
      variations: [
        { id: 'control', weight: 50 },
        { id: 'b', weight: 50, configurationId: 'bestsellerz' },
      ],
    });
    expect(renamed.file).toBe('typo-test.json');
    expect(renamed.warnings).toEqual([
      expect.stringMatching(/^Variation b: "bestsellerz" is not a configuration of Local demo .*did you mean bestsellers\?/),
    ]);
    expect(JSON.parse(await readFile(join(dataDir, 'workspace', 'ab-tests', 'typo-test.json'), 'utf8'))).toMatchObject({
      format: 'search-workbench-ab-test',
      version: 1,
      name: 'Typo test, renamed',
    });
    await writeFile(join(dataDir, 'workspace', 'ab-tests', 'theirs.json'), '{"id":"theirs"}\n');
    await expect(core.services.abtests.save('theirs.json', DEMO_AB_TEST)).rejects.toMatchObject({
      error: { code: 'conflict', message: expect.stringContaining('not a workbench file') },
    });
    expect(await readFile(join(dataDir, 'workspace', 'ab-tests', 'theirs.json'), 'utf8')).toBe('{"id":"theirs"}\n');
  });

  it('refuses, by name, a test no search was logged with in a log that carries A/B tests: it did not run then', async () => {
    const { file } = await core.services.abtests.save(undefined, { ...DEMO_AB_TEST, id: 'never-run', name: 'Never run' });
    await expect(core.services.abtests.readout(file, { metric: 'ctr', k: 10, minimumEffect: 0.05, alpha: 0.05 })).rejects.toMatchObject({
      error: {
        code: 'validation',
        details: { field: 'file' },
        message: expect.stringMatching(
          new RegExp(`logged with test "never-run", though the log carries A/B tests \\("${DEMO_AB_TEST.id}"\\)`),
        ),
      },
    });
  });

  it('refuses to read a test whose days the traffic does not have, saying what to do', async () => {
    const { file } = await core.services.abtests.save(undefined, { ...DEMO_AB_TEST, id: 'later', name: 'Later', start: '2027-01-01' });
    await expect(core.services.abtests.readout(file, { metric: 'ctr', k: 10, minimumEffect: 0.05, alpha: 0.05 })).rejects.toMatchObject({
      error: { code: 'validation', details: { field: 'store' }, message: expect.stringContaining("no search in the test's days") },
    });
  });
});

describe('abtest:assign, as the window asks it', () => {
  it('gives each id the variation the storefront draws, the same the command line gives; an empty id is refused by name', async () => {
    const invoke = (input: unknown) => core.router.invoke('abtest:assign', input, { transport: 'browser' });
    const users = ['7f3c2a', 'anna@example.com', 'session:42'];
    const answer = await invoke({ file: DEMO_AB_TEST_FILE, users });
    expect(answer.ok).toBe(true);
    const assigned = (answer as { value: { userId: string; bucket: number; variationId: string }[] }).value;
    expect(assigned.map((a) => a.userId)).toEqual(users);
    expect(assigned).toEqual(users.map((user) => assign(DEMO_AB_TEST, user)));
    for (const a of assigned) expect(a.bucket).toBeGreaterThanOrEqual(1);
    const empty = await invoke({ file: DEMO_AB_TEST_FILE, users: ['  '] });
    expect(empty).toMatchObject({ ok: false, error: { code: 'validation', message: expect.stringContaining('a user or session id') } });
    expect(await invoke({ file: 'no-such-test.json', users })).toMatchObject({ ok: false });
  });
});
