/**
 * compare --traffic: B − A on the shopper traffic beside the batch, and `--gate clicks@10` gating on it with the
 * exit codes every gate has. The demo week (logged under default and new-arrivals) against the demo emulator: on it
 * new-arrivals earns fewer clicks than default (the simulator's truth: 0.661 against 0.686 per search).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { DEMO_TRAFFIC } from '../../../src/main/services/traffic';
import type { TrafficSection } from '../../../src/shared/compare';
import { captureIo } from '../../helpers/cli-io';
import { DEMO_TOKEN, testEmulator, type TestEmulator } from '../../helpers/emulator';

const STORE = join(import.meta.dirname, '..', '..', '..', 'examples', 'workspace', 'traffic');

let em: TestEmulator;
let dir: string;
let queries: string;
beforeAll(async () => {
  em = await testEmulator({ items: DEMO_TRAFFIC.items, now: () => Date.parse('2026-11-04T12:00:00Z') });
  dir = await mkdtemp(join(tmpdir(), 'wb-compare-traffic-'));
  queries = join(dir, 'queries.txt');
  await writeFile(queries, 'hiking boots\nrain jacket\nwool socks\n');
});
afterAll(async () => {
  await em?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function compare(...extra: string[]) {
  const io = captureIo();
  const code = await main(
    ['compare', '--queries', queries, '--base-url', em.url, '--token', DEMO_TOKEN, '--a', 'default', '--b', 'new-arrivals', ...extra],
    io,
  );
  return { code, out: io.out.join('\n'), err: io.err.join('\n') };
}

describe('compare --traffic', () => {
  // Each run estimates on the whole demo week (about 8 s): two runs, each read through its summary and one report.
  it('gates on clicks@10 on traffic: exit 1 when B is significantly worse, the estimate and the verdict kept in the JSON report', async () => {
    const json = join(dir, 'report.json');
    const failed = await compare('--traffic', STORE, '--gate', 'clicks@10', '--out', json);
    expect(failed.code, failed.err).toBe(1);
    expect(failed.out).toMatch(/On traffic \(.*, dr, PBM, 17,231 of A's searches\): clicks@10 A 0\.\d{4} → B 0\.\d{4}, B − A −0\.\d{4}/);
    expect(failed.out).toContain('gate clicks@10 on traffic: FAILED — B is worse by');
    const report = JSON.parse(await readFile(json, 'utf8')) as { traffic: TrafficSection };
    expect(report.traffic).toMatchObject({ a: 'default', b: 'new-arrivals', model: 'pbm', k: 10, searches: 17_231 });
    expect(report.traffic.estimates.map((e) => e.name)).toEqual([
      ...['model', 'ips', 'snips', 'dr'].map((e) => `clicks@10, ${e}`),
      ...['ctr', 'carts', 'purchases'].map((o) => `${o}, model`),
    ]);
    for (const e of report.traffic.estimates) {
      expect(e.delta).toBeCloseTo(e.b - e.a, 12);
      expect(e.ci95[0]).toBeLessThanOrEqual(e.delta);
      expect(e.delta).toBeLessThanOrEqual(e.ci95[1]);
    }
    expect(report.traffic.gate?.verdict).toBe('failed');
    expect(report.traffic.losesClicks.length).toBeGreaterThan(0);
  }, 120_000);

  it('passes when the loss allowed is larger, gating on the estimator asked for; the HTML report shows every estimate', async () => {
    const html = join(dir, 'report.html');
    const allowed = await compare(
      '--traffic',
      STORE,
      '--gate',
      'clicks@10',
      '--gate-min-delta',
      '0.2',
      '--estimator',
      'model',
      '--out',
      html,
    );
    expect(allowed.code, allowed.err).toBe(0);
    expect(allowed.out).toContain('gate clicks@10 on traffic: passed');
    expect(allowed.out).toContain(', model, PBM,');
    const page = await readFile(html, 'utf8');
    expect(page).toContain('<h2>On traffic</h2>');
    expect(page).toContain('clicks@10, dr');
    expect(page).toContain('Interleaving replay: B won');
  }, 120_000);

  it('refuses a traffic gate or estimator without --traffic, and a depth past the model’s, with exit 2', async () => {
    const noStore = await compare('--gate', 'clicks@10');
    expect(noStore.code).toBe(2);
    expect(noStore.err).toContain('--gate clicks@k gates on the shopper traffic: give --traffic STORE too.');
    const estimator = await compare('--estimator', 'ips');
    expect(estimator.code).toBe(2);
    expect(estimator.err).toContain('--estimator is for the estimate on traffic: give --traffic STORE too.');
    const deep = await compare('--traffic', STORE, '--gate', 'clicks@20');
    expect(deep.code).toBe(2);
    expect(deep.err).toContain('clicks on traffic are counted in the first 1 to 10');
  });
});
