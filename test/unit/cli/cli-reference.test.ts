import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI_REFERENCE, cliReference } from '../../../scripts/cli-reference';
import { COMMANDS } from '../../../src/cli/main';

const written = () => readFileSync(CLI_REFERENCE, 'utf8');

describe('docs/cli.md, the command-line reference', () => {
  it('is what the commands say now (run `npm run docs:cli` when this fails)', () => {
    expect(written() === cliReference(), 'docs/cli.md is stale: run npm run docs:cli and commit it').toBe(true);
  });

  it('holds every command with its usage text verbatim', () => {
    const text = written();
    for (const command of COMMANDS) {
      expect(text).toContain(`\n## ${command.name}\n`);
      expect(text).toContain(command.usage.replace(/\n+$/, ''));
    }
  });

  it('goes stale when one usage line changes', () => {
    const changed = COMMANDS.map((c) =>
      c.name === 'compare' ? { ...c, usage: c.usage.replace('--queries FILE', '--query-list FILE') } : c,
    );
    expect(changed.find((c) => c.name === 'compare')!.usage).not.toBe(COMMANDS.find((c) => c.name === 'compare')!.usage);
    expect(cliReference(changed) === written()).toBe(false);
  });
});
