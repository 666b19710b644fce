import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { captureIo } from '../../helpers/cli-io';

describe('command line', () => {
  it('--help lists the commands and exits 0', async () => {
    const io = captureIo();
    expect(await main(['--help'], io)).toBe(0);
    expect(io.out.join('\n')).toMatch(/Usage: search-workbench <command>/);
    expect(io.out.join('\n')).toMatch(/serve/);
  });

  it('--version prints the version', async () => {
    const io = captureIo();
    expect(await main(['--version'], io)).toBe(0);
    expect(io.out[0]).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('no command prints help and exits 2', async () => {
    const io = captureIo();
    expect(await main([], io)).toBe(2);
  });

  it('an unknown command is a usage error (exit 2) naming the command', async () => {
    const io = captureIo();
    expect(await main(['frobnicate'], io)).toBe(2);
    expect(io.err.join('\n')).toContain('"frobnicate"');
  });

  it('a bad option is a usage error with the command usage', async () => {
    const io = captureIo();
    expect(await main(['serve', '--port', 'abc'], io)).toBe(2);
    expect(io.err.join('\n')).toMatch(/--port must be a whole number/);
    expect(io.err.join('\n')).toMatch(/Usage: search-workbench serve/);
  });
});
