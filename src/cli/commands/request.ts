import type { RequestDiagnostic } from '../../shared/diagnostics';
import { guessKind, normalize } from '../../shared/request/normalize';
import type { RequestKind } from '../../shared/request/types';
import { EXIT, parse, UsageError, type CliIo, type Command } from '../command';
import { printJson, readJson } from '../input';

const KINDS: RequestKind[] = ['search', 'suggest', 'autocomplete'];

export function parseKind(value: string | undefined): RequestKind | undefined {
  if (value === undefined) return undefined;
  if (!(KINDS as string[]).includes(value))
    throw new UsageError(`--kind must be one of ${KINDS.join(', ')}, not ${JSON.stringify(value)}.`);
  return value as RequestKind;
}

/** Writes errors to stderr; true when any error was found. */
export function reportDiagnostics(io: CliIo, diagnostics: RequestDiagnostic[]): boolean {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  for (const d of errors) io.stderr(`error: ${d.path || '(request)'}: ${d.message}`);
  return errors.length > 0;
}

export const requestCommand: Command = {
  name: 'request',
  summary: 'Check a request the way the service reads it (limits, languages, deprecated fields)',
  usage:
    'request check [file|-] [--kind search|suggest|autocomplete]\n' +
    '  check   the request JSON in the file (default -), checked as the service reads it; exit 1 on an error\n' +
    '  --kind  search, suggest or autocomplete (default: guessed from the request)\n' +
    '  example: search-workbench request check saved-request.json --kind search',
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub !== 'check')
      throw new UsageError(sub ? `request has no subcommand ${JSON.stringify(sub)}.` : 'request needs a subcommand: check.');
    const { values, positionals } = parse(rest, { kind: { type: 'string' } });
    const request = await readJson(positionals[0], io);
    const kind = parseKind(values.kind) ?? guessKind(request);
    const { diagnostics } = normalize(kind, request);
    const ok = !diagnostics.some((d) => d.severity === 'error');
    printJson(io, { ok, kind, diagnostics });
    return ok ? EXIT.ok : EXIT.failed;
  },
};
