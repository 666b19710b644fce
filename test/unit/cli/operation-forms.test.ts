/**
 * One definition per operation: where the command line offers an operation, its flags are the operation's own
 * fields (the very schema objects its input is made of), its help says what the schema says, and neither the command
 * nor the screens give those fields a default of their own.
 */
import { readFileSync } from 'node:fs';
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

  it.each(forms)('%s: every flag sets a field of the operation, by the very schema the operation parses it with', (_name, form, input) => {
    const shape = (input as z.ZodObject).shape;
    for (const [field, schema] of Object.entries(form.input.shape)) expect(shape[field], field).toBe(schema);
    for (const path of Object.keys(form.flags)) expect(form.input.shape[path.split('.')[0]!], path).toBeDefined();
  });

  it.each(forms)('%s: the command says each flag as the declaration does, and gives it no default of its own', (_name, form) => {
    const usage = usageOf(form);
    for (const [path, { flag, doc }] of Object.entries(form.flags)) {
      const at = new RegExp(`^  ${escape(flag)}( +)${escape(doc.split(' ').slice(0, 3).join(' '))}`, 'm').exec(usage);
      expect(at, `${form.command}: ${flag} is not in the usage`).not.toBeNull();
      const width = flag.length + at![1]!.length - 1;
      for (const line of flagHelp(form, { width, only: [path] })) expect(usage).toContain(line);
    }
    const [file, formName] = COMMAND_FILES[form.command]!;
    const body = parserOf(readFileSync(resolve(root, 'src/cli/commands', `${file}.ts`), 'utf8'), formName);
    for (const { flag } of Object.values(form.flags)) {
      const name = flag.replace(/^--/, '');
      expect(body, `${flag} is given a default in the command`).not.toMatch(
        new RegExp(`values(\\.${escape(name)}|\\[['"]${escape(name)}['"]\\])\\s*\\?\\?`),
      );
    }
  });

  it("the screens start from the operations' defaults", () => {
    const state = createStore(composeSlices).getState();
    expect(state.abtest.settings).toEqual(AB_READING_DEFAULTS);
    expect(state.traffic.k).toBe(defaultsOf(trafficReportCli).k);
    expect(state.onTraffic.model).toBe(defaultsOf(estimatesCli).model);
  });
});

/** Where each form's command is parsed: its file, and the name the form goes by there. */
const COMMAND_FILES: Record<string, [string, string]> = {
  'abtest read': ['abtest', 'abtestReadCli'],
  explain: ['explain', 'explainCli'],
  matrix: ['matrix', 'matrixCli'],
  'judgments from-traffic': ['click-models', 'clickModelsFitCli'],
  'traffic estimate': ['estimates', 'estimatesCli'],
  'traffic import': ['traffic', 'trafficImportCli'],
  'traffic report': ['traffic', 'trafficReportCli'],
  'traffic sample': ['traffic', 'trafficSampleCli'],
};

/** The function of a command file that parses a form's flags: from its start to the next top-level declaration. */
function parserOf(text: string, formName: string): string {
  const at = text.indexOf(`flagsInput(${formName},`);
  expect(at, `no flagsInput(${formName}, …) in the command`).toBeGreaterThan(0);
  const start = Math.max(text.lastIndexOf('\nasync function', at), text.lastIndexOf('\nexport async function', at));
  const ends = ['\nasync function', '\nexport ', '\nfunction', '\nconst '].map((m) => text.indexOf(m, at)).filter((i) => i > 0);
  return text.slice(start, ends.length ? Math.min(...ends) : undefined);
}
