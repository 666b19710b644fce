/* The URL tools on the command line: `url` (read, build, storefront) and `curl` (to and from cURL). */
import {
  guessKind,
  normalize,
  isRequest,
  requestProblems,
  decodeSearchUrl,
  encodeSearchUrl,
  buildHttpRequest,
  identifyHttpRequest,
} from '../../shared/request';
import { describeIssues, zodIssues } from '../../shared/zod';
import {
  brokenEscapesMessage,
  decodeStorefrontUrl,
  encodeStorefrontUrl,
  mappingMatches,
  presetMapping,
  STOREFRONT_PRESETS,
  type StorefrontMapping,
  storefrontMappingSchema,
} from '../../shared/storefront';
import { type CliIo, type Command, EXIT, parse, UsageError } from '../command';
import { InputError, printJson, readInput, readJson } from '../input';
import { parseKind, reportDiagnostics } from './search';
import { formatName, parseCopiedRequest, toCurl } from '../../shared/curl';

/** A preset's id, or a JSON file holding one mapping. */
async function storefrontMapping(spec: string, io: CliIo): Promise<{ mapping: StorefrontMapping; preset: boolean }> {
  const preset = presetMapping(spec);
  if (preset) return { mapping: preset, preset: true };
  if (!/[./\\]/.test(spec) && spec !== '-')
    throw new UsageError(
      `--storefront ${JSON.stringify(spec)} is neither a preset (${Object.keys(STOREFRONT_PRESETS).join(', ')}) nor a mapping file.`,
    );
  const parsed = storefrontMappingSchema.safeParse(await readJson(spec, io));
  if (!parsed.success) throw new InputError(`${spec} is not a storefront mapping: ${describeIssues(zodIssues(parsed.error))}`);
  return { mapping: parsed.data, preset: false };
}

function readUrl(text: string): URL {
  try {
    return new URL(text.trim());
  } catch {
    throw new InputError(`${JSON.stringify(text)} is not a URL: paste the whole address, https://… included.`);
  }
}

export const urlCommand: Command = {
  name: 'url',
  summary: 'Decode a customer search URL into its request, or encode a request as a GET URL',
  usage:
    'url decode [--storefront PRESET|FILE] <url> | url encode [--storefront PRESET|FILE] --base-url <url> [file|-]\n' +
    '  decode        the request a customer search URL carries, as JSON; what was odd about it on stderr\n' +
    '  encode        the GET URL of the request JSON in the file (default -)\n' +
    '  --base-url    the service address before /search, or with --storefront the storefront page (required for encode)\n' +
    `  --storefront  read or write the storefront's own address-bar URL: a preset (${Object.keys(STOREFRONT_PRESETS).join(', ')}) or a mapping JSON file (default: the API's GET URL); the explanation goes to stderr\n` +
    "  example: search-workbench url decode 'https://search.example.com/search/TOKEN?encoded=%7B%22query%22%3A%22red%22%7D'\n" +
    "  example: search-workbench url decode --storefront bigcommerce-xo 'https://shop.example.com/search.php?search_query=red+dress&page=2'",
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub === 'decode') {
      const { values, positionals } = parse(rest, { storefront: { type: 'string' } });
      if (positionals.length !== 1) throw new UsageError('url decode takes exactly one URL (quote it in the shell).');
      if (values.storefront) {
        const { mapping, preset } = await storefrontMapping(values.storefront, io);
        const url = readUrl(positionals[0] as string);
        if (!preset && !mappingMatches(mapping, url))
          io.stderr(`note: ${url.host}${url.pathname} is not among the mapping's hosts and path; read with it anyway.`);
        const decoded = decodeStorefrontUrl(mapping, url);
        if (decoded.broken.length) {
          io.stderr(brokenEscapesMessage(decoded.broken));
          return EXIT.couldNotRun;
        }
        for (const step of decoded.steps) io.stderr(`step: ${step.text}`);
        for (const { name, value } of decoded.unknown) io.stderr(`unknown parameter (not sent): ${name}=${value}`);
        for (const name of decoded.ignored) io.stderr(`ignored parameter (the storefront's own): ${name}`);
        for (const note of decoded.notes) io.stderr(`note: ${note}`);
        printJson(io, decoded.request);
        return EXIT.ok;
      }
      const decoded = decodeSearchUrl(positionals[0] as string);
      if (!decoded.ok) {
        io.stderr(`Cannot decode the URL (${decoded.error.part}): ${decoded.error.message}`);
        // A page's address with parameters, not the API's: the storefront reader is one flag away.
        if (decoded.error.part === 'path' && /\?./.test(positionals[0] as string))
          io.stderr(
            `If it is a storefront page's address (a shopper's address bar), read it with --storefront PRESET (${Object.keys(STOREFRONT_PRESETS).join(', ')}) or --storefront MAPPING.json.`,
          );
        return EXIT.couldNotRun;
      }
      for (const note of decoded.notes) io.stderr(`note: ${note.message}`);
      printJson(io, decoded.request);
      return EXIT.ok;
    }
    if (sub === 'encode') {
      const { values, positionals } = parse(rest, { 'base-url': { type: 'string' }, storefront: { type: 'string' } });
      if (!values['base-url'])
        throw new UsageError(
          values.storefront
            ? 'url encode --storefront needs --base-url, the storefront page to put the search on.'
            : 'url encode needs --base-url, the service address before /search.',
        );
      const request = await readJson(positionals[0], io);
      if (values.storefront) {
        const { mapping } = await storefrontMapping(values.storefront, io);
        const base = readUrl(values['base-url']);
        const { diagnostics } = normalize('search', { token: 'storefront', ...(request as object) });
        if (reportDiagnostics(io, diagnostics)) return EXIT.couldNotRun;
        const { token: _token, ...searchRequest } = request as { token?: string; query: string };
        const encoded = encodeStorefrontUrl(mapping, searchRequest, base.href);
        for (const part of encoded.inexpressible) io.stderr(`cannot express (left out of the URL): ${part}`);
        io.stdout(encoded.url);
        return EXIT.ok;
      }
      const { diagnostics } = normalize('search', request);
      if (reportDiagnostics(io, diagnostics)) return EXIT.couldNotRun;
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
