/**
 * One definition per operation: where the command line offers an operation, its flags are the operation's own
 * fields (the very schema objects its input is made of), its help says what the schema says, and neither the command
 * nor the screens give those fields a default of their own.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { z } from 'zod';
import { COMMANDS } from '../../../src/cli/main';
import { composeSlices } from '../../../src/renderer/src/store/store';
import { AB_READING_DEFAULTS } from '../../../src/shared/abtest';
import { estimatesCli } from '../../../src/shared/estimates';
import { contract } from '../../../src/shared/ipc';
import { type CliForm, defaultsOf, flagHelp } from '../../../src/shared/operations';
import { trafficReportCli } from '../../../src/shared/traffic';

const root = resolve(import.meta.dirname, '../../..');
const forms = Object.entries(contract).flatMap(([name, op]) => ('cli' in op && op.cli ? [[name, op.cli, op.input] as const] : []));
const isForm = (x: unknown): x is CliForm =>
  typeof x === 'object' && x !== null && typeof (x as CliForm).command === 'string' && 'flags' in x && 'input' in x;
/** Every form a capability declares (its index's exports), by its name: the operations' and the command line's own. */
const capabilities = readdirSync(resolve(root, 'src/shared'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(resolve(root, 'src/shared', d.name, 'index.ts')))
  .map((d) => resolve(root, 'src/shared', d.name, 'index.ts'));
const declared = (await Promise.all(capabilities.map((file) => import(file) as Promise<Record<string, unknown>>))).flatMap((exports) =>
  Object.entries(exports).filter((entry): entry is [string, CliForm] => isForm(entry[1])),
);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The command whose usage says a form: the first word of what a user types. */
const usageOf = (form: CliForm) => COMMANDS.find((c) => c.name === form.command.split(' ')[0])!.usage;

describe('operations on the command line', () => {
  it('the forms cover the commands on the traffic store and the A/B readout', () => {
    expect(forms.map(([name]) => name).sort()).toEqual(
      expect.arrayContaining([
        'abtest:readout',
        'click-models:fit',
        'estimates:experiment',
        'traffic:import',
        'traffic:report',
        'traffic:sample',
      ]),
    );
  });

  it('every command parsed by a declaration has its form found here', () => {
    expect(declared.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'compareCli',
        'trafficSimulateCli',
        'estimatesGateCli',
        'judgmentsSuggestCli',
        'assertionsCli',
        'metricsCli',
      ]),
    );
  });

  it.each(forms)('%s: every flag sets a field of the operation, by the very schema the operation parses it with', (_name, form, input) => {
    const shape = (input as z.ZodObject).shape;
    for (const [field, schema] of Object.entries(form.input.shape)) expect(shape[field], field).toBe(schema);
    for (const path of Object.keys(form.flags)) expect(form.input.shape[path.split('.')[0]!], path).toBeDefined();
  });

  it.each(declared)('%s: the command says each flag as the declaration does', (_name, form) => {
    const usage = usageOf(form);
    for (const [path, { flag, doc }] of Object.entries(form.flags)) {
      const at = new RegExp(`^  ${escape(flag)}( +)${escape(doc.split(' ').slice(0, 3).join(' '))}`, 'm').exec(usage);
      expect(at, `${form.command}: ${flag} is not in the usage`).not.toBeNull();
      const width = flag.length + at![1]!.length - 1;
      for (const line of flagHelp(form, { width, only: [path] })) expect(usage).toContain(line);
    }
  });

  it('no command gives a flag a default of its own: what a flag left out means is said by a declaration', () => {
    const own: string[] = [];
    for (const file of readdirSync(resolve(root, 'src/cli'), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts')) continue;
      readFileSync(resolve(root, 'src/cli', file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (OWN_DEFAULT.test(line)) own.push(`src/cli/${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(own).toEqual([]);
  });

  it('the check for defaults of its own catches one', () => {
    expect(OWN_DEFAULT.test("  const k = intOption(values.k, 'k', 1, 100) ?? 10;")).toBe(true);
    expect(OWN_DEFAULT.test("  const side = values.side ?? 'a';")).toBe(true);
    expect(OWN_DEFAULT.test("  const model = (str('click-model') ?? 'pbm') as ReplayModel;")).toBe(true);
    expect(OWN_DEFAULT.test('  const { k } = flagsInput(judgmentsSuggestCli, values);')).toBe(false);
  });

  it("the screens start from the operations' defaults", () => {
    const state = createStore(composeSlices).getState();
    expect(state.abtest.settings).toEqual(AB_READING_DEFAULTS);
    expect(state.traffic.k).toBe(defaultsOf(trafficReportCli).k);
    expect(state.onTraffic.model).toBe(defaultsOf(estimatesCli).model);
  });
});

/** A flag's text read with a literal in its place when it is left out: `values.k ?? 10`, `intOption(…) ?? 10`. */
const OWN_DEFAULT = /(values(\.[A-Za-z]+|\[['"][a-z-]+['"]\])|str\(['"][a-z-]+['"]\)|intOption\([^)]*\))\s*\?\?\s*([0-9]|'[^']|"[^"])/;
