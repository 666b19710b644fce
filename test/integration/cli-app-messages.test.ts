/**
 * The command line and the app run the same services, so the same bad input gets the same words from both: a bad
 * axis and a blank query set (refused before anything is sent), a budget too small and nDCG with no ratings
 * (explain's checks), and an unknown configuration (the service's own answer, reported per query by both).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MatrixRun } from '../../src/shared/matrix/report';
import { LOCAL_DEMO_ID } from '../../src/shared/profiles';
import { runCli } from '../helpers/cli-io';
import { call, demoCores, invoke } from '../helpers/demo-core';
import { DEMO_TOKEN, emulatorAndFolder } from '../helpers/emulator';

const fixture = emulatorAndFolder('wb-messages-');
const { start } = demoCores();

/** The message a channel refuses an input with. */
async function refusal(channel: string, input: unknown): Promise<string> {
  const core = await start(await mkdtemp(join(tmpdir(), 'wb-messages-app-')));
  const result = await invoke(core, channel, input);
  if (result.ok) throw new Error(`${channel} took the input`);
  return result.error.message;
}

const matrixCli = (args: string[]) => runCli(['matrix', '--base-url', fixture.em.url, '--token', DEMO_TOKEN, ...args]);
const grid = (input: Record<string, unknown>) => ({
  base: { token: DEMO_TOKEN, options: { offset: 0, limit: 10 } },
  queries: ['jacket'],
  axes: [],
  configurations: [''],
  profileId: LOCAL_DEMO_ID,
  ...input,
});
const explainCli = (args: string[]) =>
  runCli(['explain', '--base-url', fixture.em.url, '--token', DEMO_TOKEN, '--query', 'jacket', '--a', 'default', ...args]);
const explainInput = (input: Record<string, unknown>) => ({
  base: { options: { offset: 0, limit: 24 } },
  sides: {
    a: { label: 'A', profileId: LOCAL_DEMO_ID, overrides: { token: DEMO_TOKEN, configurationId: 'default' } },
    b: {
      label: 'B',
      profileId: LOCAL_DEMO_ID,
      overrides: {
        token: DEMO_TOKEN,
        configurationId: 'bestsellers',
        options: { filter: 'price < 200' },
        context: { variables: { segment: 'premium' } },
      },
    },
  },
  query: 'jacket',
  measure: 'rbo',
  ...input,
});
const explainB = ['--b', 'bestsellers', '--b-filter', 'price < 200', '--b-var', 'segment=premium'];

describe('the same bad input, the same message from the command line and the app', () => {
  it('a bad axis', async () => {
    const message = await refusal('matrix:run', grid({ axes: [{ name: '$SEARCH_QUERY', values: ['x'] }] }));
    expect(message).toContain('is a system variable');
    const cli = await matrixCli(['--query', 'jacket', '--axis', '$SEARCH_QUERY=x']);
    expect(cli.code).toBe(2);
    expect(cli.err).toContain(`--axis $SEARCH_QUERY: ${message}`);
  });

  it('a query set with no query in it', async () => {
    const message = await refusal('matrix:run', grid({ queries: ['  '] }));
    const cli = await matrixCli(['--query', '  ', '--axis', 'segment=premium']);
    expect(cli.code).toBe(2);
    expect(cli.err).toContain(`--queries: ${message}`);
  });

  it('a budget too small for the differences, and nDCG with no ratings', async () => {
    const budget = await refusal('explain:query', explainInput({ budget: 2 }));
    expect(budget).toContain('cannot explain 3 differences');
    const cli = await explainCli([...explainB, '--budget', '2']);
    expect(cli.code).toBe(2);
    expect(cli.err).toContain(`--budget: ${budget}`);

    const ndcg = await refusal('explain:query', explainInput({ measure: 'ndcg' }));
    const cliNdcg = await explainCli([...explainB, '--measure', 'ndcg']);
    expect(cliNdcg.code).toBe(2);
    expect(cliNdcg.err).toContain(`--judgments: ${ndcg}`);
  });

  it('an unknown configuration: the service’s answer, per query, in both', async () => {
    const core = await start(await mkdtemp(join(tmpdir(), 'wb-messages-app-')));
    const run = await call<MatrixRun>(core, 'matrix:run', grid({ configurations: ['no-such-configuration'] }));
    const error = run.rows[0]?.error;
    expect(error).toContain('no-such-configuration');
    const cli = await matrixCli(['--query', 'jacket', '--config', 'no-such-configuration']);
    expect(cli.code).toBe(3);
    expect(cli.err).toContain(`"jacket" in no-such-configuration: ${error}`);
  });
});
