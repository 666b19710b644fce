import type { CliIo } from '../../src/cli/command';
import { main } from '../../src/cli/main';

/** Captures a command's stdout and stderr lines and feeds it a fixed stdin. */
export function captureIo(stdin = ''): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => out.push(t), stderr: (t) => err.push(t), readStdin: async () => stdin };
}

/** Runs one command in this process, as the terminal would: its exit code and what it printed on each stream. */
export async function runCli(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(stdin);
  const code = await main(argv, io);
  return { code, out: io.out.join('\n'), err: io.err.join('\n') };
}
