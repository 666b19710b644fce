import { formatName, parseCopiedRequest, toCurl } from '../../shared/curl';
import { buildHttpRequest, identifyHttpRequest } from '../../shared/request/http';
import { guessKind, normalize } from '../../shared/request/normalize';
import { isRequest, requestProblems } from '../../shared/request/schema';
import { EXIT, parse, UsageError, type Command } from '../command';
import { InputError, printJson, readInput, readJson } from '../input';
import { parseKind, reportDiagnostics } from './request';

export const curlCommand: Command = {
  name: 'curl',
  summary: 'Read a request copied from devtools (cURL, cURL cmd, PowerShell, fetch, raw HTTP) into a request, or write a cURL command',
  usage:
    'curl from [file|-] | curl to [file|-] --base-url <url> [--kind K] [--get]\n' +
    '  from        read a devtools copy (cURL bash or cmd, PowerShell, fetch, raw HTTP) from the file or standard input (default -)\n' +
    '  to          write the request JSON in the file (default -) as a cURL command\n' +
    '  --base-url  the service address before /search (required for to)\n' +
    '  --kind      search, suggest or autocomplete (default: guessed from the request)\n' +
    '  --get       the encoded GET URL instead of a POST body, search only (default: off)\n' +
    '  example: search-workbench curl from copied-from-devtools.txt',
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub === 'from') {
      const { positionals } = parse(rest, {});
      const { text } = await readInput(positionals[0], io);
      // Any devtools copy: cURL (bash or cmd), PowerShell, fetch, fetch (Node.js), or a raw HTTP request.
      const parsed = parseCopiedRequest(text);
      if (!parsed.ok) {
        io.stderr(`Cannot read the ${formatName(parsed.format)} request: ${parsed.message}`);
        return EXIT.couldNotRun;
      }
      for (const note of parsed.notes) io.stderr(`note: ${note}`);
      const identified = identifyHttpRequest(parsed);
      if (!identified.ok) {
        io.stderr(`Not a search request: ${identified.message}`);
        return EXIT.couldNotRun;
      }
      for (const note of identified.notes) io.stderr(`note: ${note.message}`);
      printJson(io, { kind: identified.kind, transport: identified.transport, baseUrl: identified.baseUrl, request: identified.request });
      return EXIT.ok;
    }
    if (sub === 'to') {
      const { values, positionals } = parse(rest, { 'base-url': { type: 'string' }, kind: { type: 'string' }, get: { type: 'boolean' } });
      if (!values['base-url']) throw new UsageError('curl to needs --base-url, the service address before /search.');
      const request = await readJson(positionals[0], io);
      const kind = parseKind(values.kind) ?? guessKind(request);
      if (values.get && kind !== 'search') throw new UsageError('--get applies to search only; suggest and autocomplete are POST.');
      if (reportDiagnostics(io, normalize(kind, request).diagnostics)) return EXIT.couldNotRun;
      if (!isRequest(kind, request)) throw new InputError(requestProblems(kind, request));
      io.stdout(toCurl(buildHttpRequest(kind, values['base-url'], request, values.get ? 'get' : 'post')));
      return EXIT.ok;
    }
    throw new UsageError(sub ? `curl has no subcommand ${JSON.stringify(sub)}.` : 'curl needs a subcommand: from or to.');
  },
};
