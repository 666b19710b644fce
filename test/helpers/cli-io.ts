import type { CliIo } from '../../src/cli/command';

/** Captures a command's stdout and stderr lines and feeds it a fixed stdin. */
export function captureIo(stdin = ''): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => out.push(t), stderr: (t) => err.push(t), readStdin: async () => stdin };
}
