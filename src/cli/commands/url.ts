import { normalize } from '../../shared/request/normalize';
import { isRequest, requestProblems } from '../../shared/request/schema';
import { decodeSearchUrl, encodeSearchUrl } from '../../shared/url/codec';
import { EXIT, parse, UsageError, type Command } from '../command';
import { InputError, printJson, readJson } from '../input';
import { reportDiagnostics } from './request';

export const urlCommand: Command = {
  name: 'url',
  summary: 'Decode a customer search URL into its request, or encode a request as a GET URL',
  usage:
    'url decode <url> | url encode --base-url <url> [file|-]\n' +
    '  decode      the request a customer search URL carries, as JSON; what was odd about it on stderr\n' +
    '  encode      the GET URL of the request JSON in the file (default -)\n' +
    '  --base-url  the service address before /search (required for encode)\n' +
    "  example: search-workbench url decode 'https://search.example.com/search/TOKEN?encoded=%7B%22query%22%3A%22red%22%7D'",
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub === 'decode') {
      const { positionals } = parse(rest, {});
      if (positionals.length !== 1) throw new UsageError('url decode takes exactly one URL (quote it in the shell).');
      const decoded = decodeSearchUrl(positionals[0] as string);
      if (!decoded.ok) {
        io.stderr(`Cannot decode the URL (${decoded.error.part}): ${decoded.error.message}`);
        return EXIT.invalid;
      }
      for (const note of decoded.notes) io.stderr(`note: ${note.message}`);
      printJson(io, decoded.request);
      return EXIT.ok;
    }
    if (sub === 'encode') {
      const { values, positionals } = parse(rest, { 'base-url': { type: 'string' } });
      if (!values['base-url']) throw new UsageError('url encode needs --base-url, the service address before /search.');
      const request = await readJson(positionals[0], io);
      const { diagnostics } = normalize('search', request);
      if (reportDiagnostics(io, diagnostics)) return EXIT.invalid;
      try {
        new URL(values['base-url']);
      } catch {
        throw new InputError(`--base-url ${JSON.stringify(values['base-url'])} is not a URL.`);
      }
      if (!isRequest('search', request)) throw new InputError(requestProblems('search', request));
      io.stdout(encodeSearchUrl(values['base-url'], request));
      return EXIT.ok;
    }
    throw new UsageError(sub ? `url has no subcommand ${JSON.stringify(sub)}.` : 'url needs a subcommand: decode or encode.');
  },
};
