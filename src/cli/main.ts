import { APP_NAME, APP_VERSION } from '../main/app-meta';
import { EXIT, UsageError, type CliIo, type Command } from './command';
import { forTerminal } from '../shared/text';
import { InputFileError, MAX_INPUT_BYTES } from '../main/services/storage';
import { textOf } from './input';
import { serveCommand, startCommand } from './commands/app';
import { testCommand } from './commands/assertions';
import { catalogCommand } from './commands/catalog';
import { compareCommand, mergeCommand } from './commands/compare';
import { emulatorCommand } from './commands/demo';
import { explainCommand } from './commands/explain';
import { judgmentsCommand, metricsCommand } from './commands/judgments';
import { matrixCommand } from './commands/matrix';
import { keygenCommand } from './commands/profiles';
import { filterCommand, maskCommand, requestCommand, searchCommand } from './commands/search';
import { trafficCommand } from './commands/traffic';
import { abtestCommand } from './commands/abtest';
import { curlCommand, urlCommand } from './commands/url-tools';

/** Every command the CLI knows; `--help` lists them in this order. */
export const COMMANDS: readonly Command[] = [
  startCommand,
  emulatorCommand,
  serveCommand,
  urlCommand,
  filterCommand,
  maskCommand,
  requestCommand,
  curlCommand,
  searchCommand,
  compareCommand,
  mergeCommand,
  explainCommand,
  matrixCommand,
  testCommand,
  metricsCommand,
  judgmentsCommand,
  trafficCommand,
  abtestCommand,
  catalogCommand,
  keygenCommand,
];

export function helpText(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    `${APP_NAME} ${APP_VERSION} — command line`,
    '',
    'Usage: search-workbench <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options:',
    "  --help, -h     Show this help, or a command's usage with <command> --help",
    '  --version, -v  Print the version',
    '',
    'Exit codes: 0 passed, 1 a check failed, 2 usage error, 3 could not run.',
  ].join('\n');
}

/**
 * Standard output and error as the process has them. Messages (stderr), and anything printed to a terminal,
 * show a file's control characters escaped (an ESC sequence from a suite name never reaches the terminal);
 * output redirected to a file or a pipe is data and stays as it is.
 */
export function streamIo(
  out: { write(text: string): unknown; isTTY?: boolean },
  err: { write(text: string): unknown },
): Pick<CliIo, 'stdout' | 'stderr'> {
  return {
    stdout: (text) => out.write(`${out.isTTY ? forTerminal(text) : text}\n`),
    stderr: (text) => err.write(`${forTerminal(text)}\n`),
  };
}

const processIo: CliIo = {
  ...streamIo(process.stdout, process.stderr),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of process.stdin) {
      size += (chunk as Buffer).length;
      if (size > MAX_INPUT_BYTES)
        throw new InputFileError(`standard input is over the ${MAX_INPUT_BYTES / 1024 / 1024} MB an input may be: give a file, or less.`);
      chunks.push(chunk as Buffer);
    }
    return textOf(Buffer.concat(chunks), 'standard input');
  },
};

export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    io.stdout(helpText());
    return first === undefined ? EXIT.usage : EXIT.ok;
  }
  if (first === '--version' || first === '-v') {
    io.stdout(APP_VERSION);
    return EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.name === first);
  if (!command) {
    io.stderr(`Unknown command ${JSON.stringify(first)}. Run with --help to see the commands.`);
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    const sub = rest[0] !== undefined ? command.subcommands?.[rest[0]] : undefined;
    io.stdout(sub ? `Usage: search-workbench ${sub}` : `Usage: search-workbench ${command.usage}\n\n${command.summary}`);
    return EXIT.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`${err.message}\nUsage: search-workbench ${command.usage}`);
      return EXIT.usage;
    }
    io.stderr(`Error: ${err instanceof Error ? err.message : String(err)}`);
    return EXIT.couldNotRun;
  }
}
