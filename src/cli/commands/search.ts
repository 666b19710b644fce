/*
 * The search capability on the command line: `search` sends a request through the search client, and the request
 * languages the builder edits — `request` (check, normalize), `filter`, `mask`.
 */
import { WorkbenchFailure } from '../../shared/errors';
import { guessKind, normalize, toEnvelope, type RequestKind } from '../../shared/request';
import { HttpClient } from '../../main/services/http';
import { SearchClient } from '../../main/services/search';
import { SERVICE_FLAGS } from '../request-run';
import { type CliIo, type Command, EXIT, parse, UsageError } from '../command';
import { InputError, itemList, parseJsonInput, printJson, readInput, readJson } from '../input';
import { reportFailure } from '../service-call';
import { formatTextDiagnostic, type RequestDiagnostic, textPosition } from '../../shared/diagnostics';
import { compileFilter, parseFilter, printFilter } from '../../shared/filter';
import { compileMask, parseMask } from '../../shared/mask';

export const searchCommand: Command = {
  name: 'search',
  summary: 'Send a search (or suggest/autocomplete) request to a service and print the answer',
  usage:
    'search --base-url U --token T [--query Q] [--config ID] [--request file|-] [--kind K] [--get] [--exchange] [--timeout MS]\n' +
    '  --base-url  the service address before /search (required)\n' +
    '  --token     the search token (required unless the request file has one)\n' +
    "  --query     the query text (default: the request file's, else empty: every item)\n" +
    '  --config    the configuration id (default: the tenant default)\n' +
    '  --request   a request JSON file, or - for standard input, the flags above override it (default: none)\n' +
    '  --kind      search, suggest or autocomplete (default: guessed from the request)\n' +
    '  --get       send the encoded GET URL instead of a POST, search only (default: off)\n' +
    '  --exchange  print { response, exchange }: the answer with the HTTP exchange (headers, timings; credentials redacted) (default: off)\n' +
    '  --timeout   give up after this many milliseconds (default 30,000)\n' +
    "  example: search-workbench search --base-url http://127.0.0.1:8080 --token demo-search-token-0001 --query 'red dress'",
  async run(argv, io) {
    const { values } = parse(
      argv,
      {
        ...SERVICE_FLAGS,
        query: { type: 'string' },
        config: { type: 'string' },
        request: { type: 'string' },
        kind: { type: 'string' },
        get: { type: 'boolean' },
        exchange: { type: 'boolean' },
        timeout: { type: 'string' },
      },
      false,
    );
    if (!values['base-url']) throw new UsageError('search needs --base-url, the service address before /search.');
    let request: Record<string, unknown> = {};
    if (values.request) {
      const { text, name } = await readInput(values.request, io);
      const parsed = parseJsonInput(text, name);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new InputError(`${name} must hold a request object.`);
      request = parsed as Record<string, unknown>;
    }
    if (values.token) request.token = values.token;
    if (values.query !== undefined) request.query = values.query;
    if (values.config) request.configurationId = values.config;
    if (!request.token) throw new UsageError('search needs --token (or a request file with "token").');
    const kind = parseKind(values.kind) ?? guessKind(request);
    if (values.get && kind !== 'search') throw new UsageError('--get applies to search only.');
    const typed = toEnvelope(kind, values.get ? 'get' : 'post', request);
    if (!typed.ok) throw new InputError(typed.message);
    const http = new HttpClient({ ...(values.timeout ? { deadlineMs: Number(values.timeout) } : {}) });
    try {
      const outcome = await new SearchClient(http).send(values['base-url'], typed.envelope);
      for (const w of outcome.warnings) io.stderr(`warning: ${w}`);
      printJson(io, values.exchange ? { response: outcome.response, exchange: outcome.exchange } : outcome.response);
      return EXIT.ok;
    } catch (err) {
      if (values.exchange && err instanceof WorkbenchFailure && err.error.details?.exchange)
        printJson(io, { exchange: err.error.details.exchange });
      return reportFailure(io, err);
    } finally {
      await http.close();
    }
  },
};

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

/** Catalog items are flat; response items keep their attributes under `product`. */
export function attributesOf(item: unknown): Record<string, unknown> {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return {};
  const obj = item as Record<string, unknown>;
  if (obj.product && typeof obj.product === 'object' && !Array.isArray(obj.product))
    return { ...(obj.product as Record<string, unknown>), id: obj.id };
  return obj;
}

export const filterCommand: Command = {
  name: 'filter',
  summary: 'Check a filter expression, or list the items it matches',
  usage:
    'filter check <expr> | filter match <expr> [items.json|-]\n' +
    '  check  parse the expression and print its diagnostics (exit 1 when it has an error)\n' +
    '  match  print the ids of the items (catalog items or response items) it matches (default input: -)\n' +
    "  example: search-workbench filter match 'price < 100 AND colour = Black' items.json",
  async run(argv, io) {
    const [sub, ...rest] = argv;
    const { positionals } = parse(rest, {});
    const expr = positionals[0];
    if (sub !== 'check' && sub !== 'match')
      throw new UsageError(sub ? `filter has no subcommand ${JSON.stringify(sub)}.` : 'filter needs a subcommand: check or match.');
    if (expr === undefined) throw new UsageError(`filter ${sub} needs the filter expression (quote it in the shell).`);
    const parsed = parseFilter(expr);
    const ok = !parsed.diagnostics.some((d) => d.severity === 'error');
    if (sub === 'check') {
      printJson(io, {
        ok,
        diagnostics: parsed.diagnostics.map(({ severity, message, start, end }) => ({
          severity,
          message,
          start,
          end,
          ...textPosition(expr, start),
        })),
        canonical: ok && parsed.ast ? printFilter(parsed.ast) : ok ? '' : null,
      });
      return ok ? EXIT.ok : EXIT.failed;
    }
    if (!ok) {
      for (const d of parsed.diagnostics.filter((x) => x.severity === 'error')) io.stderr(formatTextDiagnostic(expr, d));
      return EXIT.couldNotRun;
    }
    const items = itemList(await readJson(positionals[1], io), positionals[1] ?? 'standard input');
    const predicate = compileFilter(parsed.ast);
    const ids: unknown[] = [];
    items.forEach((item, i) => {
      const attrs = attributesOf(item);
      if (attrs.id === undefined) throw new InputError(`Item ${i} has no id.`);
      if (predicate(attrs)) ids.push(attrs.id);
    });
    printJson(io, ids);
    return EXIT.ok;
  },
};

export const maskCommand: Command = {
  name: 'mask',
  summary: 'Apply a response mask to items, as the service would',
  usage:
    'mask apply <mask> [items.json|-]\n' +
    '  apply  the items (an array or a search answer) with the mask applied, as the service would (default input: -)\n' +
    "  example: search-workbench mask apply 'id, product(title, price)' answer.json",
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub !== 'apply') throw new UsageError(sub ? `mask has no subcommand ${JSON.stringify(sub)}.` : 'mask needs a subcommand: apply.');
    const { positionals } = parse(rest, {});
    const mask = positionals[0];
    if (mask === undefined) throw new UsageError('mask apply needs the mask, like "id, product(title, price)".');
    const parsed = parseMask(mask);
    if (parsed.selections === null) {
      for (const d of parsed.diagnostics) io.stderr(formatTextDiagnostic(mask, d));
      return EXIT.couldNotRun;
    }
    const items = itemList(await readJson(positionals[1], io), positionals[1] ?? 'standard input');
    const apply = compileMask(mask);
    printJson(io, apply ? items.map(apply) : items);
    return EXIT.ok;
  },
};
