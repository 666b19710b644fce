import { describe, expect, it } from 'vitest';
import { COMMANDS, main } from '../../../src/cli/main';
import { captureIo } from '../../helpers/cli-io';

/** Each option a command's usage line names: `--port`, `--a-base-url`, … (the `--b-…` twins are covered by their `--a-…` line). */
function optionsOf(usageLine: string): string[] {
  return [...new Set([...usageLine.matchAll(/--[a-z][a-z0-9-]*/g)].map((m) => m[0]))].filter(
    (o) => !o.startsWith('--b-') && o !== '--help',
  );
}

describe('every command explains itself with --help', () => {
  it.each(COMMANDS.map((c) => [c.name]))(
    '%s --help: each option with its default (or that it is required), and an example',
    async (name) => {
      const io = captureIo();
      expect(await main([name, '--help'], io)).toBe(0);
      const text = io.out.join('\n');
      const [usageLine = '', ...rest] = text.split('\n');
      expect(usageLine).toMatch(new RegExp(`^Usage: search-workbench ${name}\\b`));
      const explained = rest.filter((line) => /^\s+\S/.test(line));
      for (const option of optionsOf(usageLine)) {
        const at = explained.findIndex((l) => new RegExp(`^\\s+(?:[^\\s].*?,\\s*)?${option}(?![a-z-])`).test(l));
        expect(at, `${name} --help explains ${option}`).toBeGreaterThanOrEqual(0);
        // The option's entry: its line and the lines that carry it on, indented under its text.
        let entry = explained[at]!;
        for (const next of explained.slice(at + 1)) {
          if (!/^ {5,}\S/.test(next)) break;
          entry += ` ${next.trim()}`;
        }
        expect(entry, `${name} --help gives ${option}'s default or says it is required`).toMatch(/default|required|as for `metrics`/);
      }
      expect(
        explained.some((l) => /^\s+example: search-workbench /.test(l)),
        `${name} --help has an example`,
      ).toBe(true);
    },
  );
});
