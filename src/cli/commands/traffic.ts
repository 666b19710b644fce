import { extname } from 'node:path';
import {
  trafficCsvPieces,
  trafficJsonPieces,
  importIdSchema,
  importOutcome,
  problemGroupText,
  type StoreImport,
  problemPlace,
  trafficImportCli,
  trafficReportCli,
  trafficSampleCli,
  trafficSimulateCli,
} from '../../shared/traffic';
import { flagHelp, flagOptions, flagSynopsis } from '../../shared/operations';
import { trafficHtmlOf } from '../../report';
import { newQuerySet } from '../../shared/workspace';
import { plural } from '../../shared/text';
import { HttpClient } from '../../main/services/http';
import { SearchClient } from '../../main/services/search';
import { SHARED_FILE_MODE, writeFileAtomically, writeJsonAtomically, writePiecesAtomically } from '../../main/services/storage';
import { simulateTraffic } from '../../main/services/traffic';
import { checkOut, EXIT, flagsInput, parse, UsageError, type CliIo, type Command } from '../command';
import { InputError } from '../input';
import { ESTIMATE_EXAMPLE, ESTIMATE_USAGE, estimateCommand } from './estimates';
import { readTestFile } from './abtest';
import { throttledProgress } from '../request-run';
import { viaService } from '../service-call';
import { withTraffic } from '../traffic-options';
import { estimatesCli, estimatesReplayCli } from '../../shared/estimates';

async function importCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, { store: { type: 'string' }, ...flagOptions(trafficImportCli) });
  if (!positionals.length)
    throw new UsageError('traffic import needs one or more files: UBI queries and events, tracker activities or CSV.');
  const { positions } = flagsInput(trafficImportCli, values);
  return withTraffic(
    values.store,
    async (traffic) => {
      let unusable = 0;
      await traffic.import(positionals, {
        positions,
        onProgress: throttledProgress(
          io,
          (p) => `${p.file}: ${Math.round((p.bytes / Math.max(1, p.totalBytes)) * 100)}%`,
          (p) => p.bytes >= p.totalBytes,
        ),
        onFile: (result) => {
          const { file } = result;
          // By reason, most frequent first: the first lines of each named, the rest counted.
          for (const group of result.problemGroups) {
            io.stderr(`${file}: ${problemGroupText(group)}`);
            for (const at of group.lines) io.stderr(`  ${problemPlace(file, at)}`);
            if (group.count > group.lines.length) io.stderr(`  … and ${(group.count - group.lines.length).toLocaleString('en-US')} more`);
          }
          io.stdout(`${file}: ${importOutcome(result)}.`);
          if (!result.already && result.searches.read + result.events.read === 0) unusable++;
        },
        // This process ends after the import: the outcomes table is made by whoever reads the store next.
        refresh: false,
      });
      io.stdout(describeSize(await traffic.size()));
      if (unusable)
        throw new InputError(`${unusable} file${unusable === 1 ? '' : 's'} held nothing that could be kept: see the lines named above.`);
      return EXIT.ok;
    },
    undefined,
    { create: true },
  );
}

const describeSize = (size: { searches: number; events: number; from: string | null; to: string | null }) =>
  `The store holds ${size.searches.toLocaleString('en-US')} searches and ${size.events.toLocaleString('en-US')} events${size.from ? `, ${size.from} to ${size.to}` : ''}.`;

/** One import in a line: its id, file and time, what it added, its days. */
const importLine = (i: StoreImport) =>
  `${i.id}  ${i.file ?? '(file not recorded)'}${i.at ? ` · ${i.at.slice(0, 16).replace('T', ' ')}` : ''} · ${plural(i.searches, 'search', 'searches')}, ${plural(i.events, 'event')}${i.from ? ` · ${i.from} to ${i.to}` : ''}`;

async function importsCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parse(argv, { store: { type: 'string' }, format: { type: 'string' } }, false);
  if (values.format !== undefined && values.format !== 'json' && values.format !== 'text')
    throw new UsageError(`--format is text or json, got ${JSON.stringify(values.format)}`);
  return withTraffic(values.store, async (traffic) => {
    const imports = await traffic.imports();
    if (values.format === 'json') io.stdout(JSON.stringify({ imports }, null, 2));
    else if (imports.length === 0) io.stdout('The store holds no import yet: traffic import --store DIR FILE… adds one.');
    else for (const i of imports) io.stdout(importLine(i));
    return EXIT.ok;
  });
}

async function removeCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parse(argv, { store: { type: 'string' }, import: { type: 'string' } }, false);
  if (!values.import) throw new UsageError('traffic remove needs --import ID: an id from `traffic imports --store DIR`.');
  const id = importIdSchema.safeParse(values.import);
  if (!id.success)
    throw new UsageError(`--import: ${id.error.issues[0]?.message ?? 'not an import id'}, got ${JSON.stringify(values.import)}`);
  return withTraffic(values.store, async (traffic) => {
    const { removed, untied } = await traffic.removeImport(id.data);
    io.stdout(`Removed ${importLine(removed)}.`);
    if (untied) io.stdout(`${plural(untied, 'event')} of other imports named only its searches: now tied to no search.`);
    io.stdout(describeSize(await traffic.size()));
    return EXIT.ok;
  });
}

async function reportCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parse(
    argv,
    {
      store: { type: 'string' },
      ...flagOptions(trafficReportCli),
      format: { type: 'string' },
      out: { type: 'string' },
    },
    false,
  );
  // The report the app's operation makes, with its groups, limits and defaults: declared once in the core.
  const { by, filter, k, limit } = flagsInput(trafficReportCli, values);
  const format = values.format ?? (values.out ? extname(values.out).slice(1).toLowerCase() : 'json');
  if (!['json', 'csv', 'html'].includes(format))
    throw new UsageError(`--format is json, csv or html (or an --out file ending in one), got ${JSON.stringify(format)}`);
  await checkOut(values.out);
  return withTraffic(values.store, async (traffic) => {
    // Every format is written as the store reads it, a chunk of rows at a time: a report of a million groups never
    // sits in memory whole (the HTML page keeps its first rows and counts the rest).
    const chunks = traffic.reportChunks(by, filter, k, limit);
    let rows = 0;
    const counted = async function* () {
      for await (const chunk of chunks) yield ((rows += chunk.length), chunk);
    };
    const html = format === 'html' ? await trafficHtmlOf(by, k, counted(), `Shopper traffic by ${by}`) : undefined;
    const pieces = html ? [html.text] : format === 'csv' ? trafficCsvPieces(counted()) : trafficJsonPieces(k, counted());
    if (values.out) {
      await writePiecesAtomically(values.out, pieces, { mode: SHARED_FILE_MODE });
      io.stderr(`${rows} rows by ${by} · ${format.toUpperCase()}: ${values.out}`);
    } else await printPieces(io, pieces);
    return EXIT.ok;
  });
}

/** Text made a piece at a time, printed as it comes: each whole line once its end has come, the last without its line end. */
async function printPieces(io: CliIo, pieces: Iterable<string> | AsyncIterable<string>): Promise<void> {
  let pending = '';
  for await (const piece of pieces) {
    pending += piece;
    const end = pending.lastIndexOf('\n');
    if (end < 0) continue;
    io.stdout(pending.slice(0, end));
    pending = pending.slice(end + 1);
  }
  if (pending) io.stdout(pending);
}

async function sampleCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parse(
    argv,
    {
      store: { type: 'string' },
      ...flagOptions(trafficSampleCli),
      out: { type: 'string' },
    },
    false,
  );
  if ((values as Record<string, unknown>).n === undefined) throw new UsageError('traffic sample needs --n N: how many queries to draw.');
  const { method, n, seed, filter } = flagsInput(trafficSampleCli, values);
  if (!values.out) throw new UsageError('traffic sample needs --out FILE: a .txt query list or a .json query set.');
  const kind = extname(values.out).toLowerCase();
  if (kind !== '.txt' && kind !== '.json')
    throw new UsageError('--out ends in .txt (a plain query list) or .json (a workspace query set with weights).');
  await checkOut(values.out);
  return withTraffic(values.store, async (traffic) => {
    const sample = await traffic.sampleOf(method, n, seed, filter);
    if (!sample.length) throw new InputError('The store has no searches to sample from (under these filters): import traffic first.');
    if (kind === '.txt') await writeFileAtomically(values.out!, `${sample.map((q) => q.query).join('\n')}\n`, { mode: SHARED_FILE_MODE });
    else {
      const source = `traffic: ${method} ${n}${method === 'top' ? '' : `, seed ${seed}`}`;
      const set = newQuerySet(
        `Traffic sample (${method})`,
        sample.map((q) => ({ query: q.query, weight: q.weight })),
        source,
      );
      await writeJsonAtomically(values.out!, set, { mode: SHARED_FILE_MODE });
    }
    io.stderr(
      `${sample.length} queries (${method}${sample.length < n ? `: the store has only ${sample.length}` : ''}), each weighted by its searches · ${values.out}`,
    );
    return EXIT.ok;
  });
}

async function simulateCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parse(
    argv,
    {
      'base-url': { type: 'string' },
      token: { type: 'string' },
      'tracker-key': { type: 'string' },
      ...flagOptions(trafficSimulateCli),
      config: { type: 'string', multiple: true },
      'real-service': { type: 'boolean' },
      'collect-url': { type: 'string' },
      'ab-test': { type: 'string' },
      store: { type: 'string' },
      out: { type: 'string' },
    },
    false,
  );
  if (values['ab-test'] !== undefined && values.config?.length)
    throw new UsageError('--ab-test says what each shopper is served (their variation): give it or --config, not both.');
  const abTest = values['ab-test'] !== undefined ? await readTestFile(values['ab-test'], io) : undefined;
  for (const flag of ['base-url', 'token', 'tracker-key', 'out'] as const)
    if (!values[flag]) throw new UsageError(`traffic simulate needs --${flag}.`);
  const {
    sessions,
    days,
    seed,
    clickModel: model,
    start,
    onlyDay,
    randomized,
    trackerRegion: region,
  } = flagsInput(trafficSimulateCli, values);
  if (values['real-service'])
    io.stderr("--real-service: the simulated shoppers go to a real service and its tracker, and will show in that tenant's analytics.");
  const http = new HttpClient({ connectionsPerOrigin: 16 });
  try {
    const summary = await viaService(
      () =>
        simulateTraffic(
          { http, search: new SearchClient(http) },
          {
            baseUrl: values['base-url']!,
            token: values.token!,
            trackerKey: values['tracker-key']!,
            sessions,
            days,
            seed,
            configurations: values.config ?? [],
            clickModel: model,
            start,
            out: values.out!,
            randomized,
            ...(onlyDay ? { onlyDay } : {}),
            ...(abTest ? { abTest } : {}),
            ...(values['real-service']
              ? {
                  realService: {
                    ...(region ? { region } : {}),
                    ...(values['collect-url'] ? { collectUrl: values['collect-url'] } : {}),
                  },
                }
              : {}),
            command: `search-workbench traffic simulate --sessions ${sessions} --days ${days} --seed ${seed}${(values.config ?? []).map((c) => ` --config ${c}`).join('')} --click-model ${model} --start ${start}${abTest ? ` --ab-test ${values['ab-test']}` : ''}`,
          },
          throttledProgress(
            io,
            (p) => `${p.sessions}/${p.total} sessions · ${p.searches} searches`,
            (p) => p.sessions >= p.total,
          ),
        ),
      (field) => ({ baseUrl: '--base-url', out: '--out' })[field],
    );
    io.stdout(
      `${summary.sessions} sessions · ${summary.searches} searches · ${summary.events} events · ${summary.activities} activities sent to the tracker · ${values.out}`,
    );
    if (values.store) {
      const [queries, events] = summary.files;
      await withTraffic(
        values.store,
        (traffic) =>
          traffic.import([queries!, events!], { onFile: (file) => io.stdout(`${file.file}: ${importOutcome(file)}.`), refresh: false }),
        undefined,
        { create: true },
      );
    }
    return EXIT.ok;
  } finally {
    await http.close();
  }
}

const STORE_HELP = '  --store        DIR: the traffic store, Parquet files by day (required; made when missing by import)';
const EXIT_HELP = '  exit codes: 0 done, 2 usage error, 3 could not run (a file or store that cannot be read, a service that fails)';

/** Each subcommand's synopsis and help: `traffic SUB --help` prints its own; `traffic --help` all of them. */
const SUBCOMMANDS: Record<string, { synopsis: string; help: string }> = {
  import: {
    synopsis: `traffic import FILE… --store DIR ${flagSynopsis(trafficImportCli)}`,
    help:
      '  import FILE…   UBI 1.3 queries and events (JSON Lines, JSON arrays, one JSON object, or bulk NDJSON as the\n' +
      "                 OpenSearch plugin's samples write it: action lines skipped and counted), tracker activities, or CSV\n" +
      '                 (session,timestamp,query,docid,position,action[,value]); the format is found from the content. Bad\n' +
      '                 lines are counted by reason, the first lines of each named as file:line; the same file imported\n' +
      '                 again adds nothing. A query_id logged more than once is one search: its record with hits. A\n' +
      '                 search that lists no hits shows what its impression events list. A search whose id the store\n' +
      '                 holds for a different search is a conflict: neither it nor its events are kept\n' +
      `${flagHelp(trafficImportCli, { width: 14 }).join('\n')}\n${STORE_HELP}`,
  },
  imports: {
    synopsis: 'traffic imports --store DIR [--format text|json]',
    help:
      '  imports: every import the store holds, oldest first — its id, file and time, the searches and events it added,\n' +
      `  its days (JSON: { imports: [ { id, file, at, searches, events, from, to } ] })\n${STORE_HELP}`,
  },
  remove: {
    synopsis: 'traffic remove --store DIR --import ID',
    help:
      '  remove --import ID: takes that import out of the store (its searches and events); the file can be imported again.\n' +
      `                 Says how many events of other imports named only its searches\n${STORE_HELP}`,
  },
  report: {
    synopsis: `traffic report --store DIR ${flagSynopsis(trafficReportCli)} [--format json|csv|html] [--out FILE]`,
    help:
      '  report: JSON { k, rows: [ { group, searches, sessions, clicks, ctrAtK, zeroResultRate, noClickRate, addToCartRate,\n' +
      '  conversionRate, revenuePerSearch, meanClickPosition } ] }, most searched first. A search is one query request;\n' +
      '  ctrAtK (CTR@k) the share of searches with a click at a position ≤ k; zeroResultRate the share that showed no item;\n' +
      '  noClickRate the share of all searches that showed items and got no click; addToCartRate and conversionRate the\n' +
      '  share with an add-to-cart or purchase tied to them; revenuePerSearch purchase value over searches;\n' +
      '  meanClickPosition the mean rank of clicks\n' +
      `${flagHelp(trafficReportCli, { width: 14 }).join('\n')}\n${STORE_HELP}\n` +
      '  --format       json, csv or html (default: from the --out extension, else json)\n' +
      '  --out          FILE (default: standard output)',
  },
  sample: {
    synopsis: `traffic sample --store DIR ${flagSynopsis(trafficSampleCli)} --out FILE`,
    help:
      '  sample: a query set drawn from the store (--from, --to, --segment, --config as for report)\n' +
      `${flagHelp(trafficSampleCli, { width: 14, only: ['method', 'n', 'seed'] }).join('\n')}\n${STORE_HELP}\n` +
      '  --out          FILE (required): .txt one query a line, .json a workspace query set whose entries carry their\n' +
      '                 searches as weight',
  },
  estimate: {
    synopsis: `traffic estimate --store DIR (--b-config C --base-url U --token T | --b-run FILE) [--a-config C] [--estimator model|ips|snips|dr|interleave|all] ${flagSynopsis(estimatesCli)} ${flagSynopsis(estimatesReplayCli)} [--from D] [--to D] [--format json]`,
    help: `${ESTIMATE_USAGE}\n${ESTIMATE_EXAMPLE}`,
  },
  simulate: {
    synopsis: `traffic simulate --base-url U --token T --tracker-key K ${flagSynopsis(trafficSimulateCli, ['sessions', 'days', 'seed'])} [--config C]… ${flagSynopsis(trafficSimulateCli, ['clickModel', 'start', 'randomized', 'onlyDay'])} [--ab-test FILE] [--real-service] [--store DIR] --out DIR`,
    help:
      '  simulate: shoppers against the emulator — UBI queries.jsonl and events.jsonl, activities.jsonl (also sent to the\n' +
      '  tracker) and truth.json (the hidden relevance and click model: for tests and benches) in --out; the same seed\n' +
      '  writes the same files\n' +
      '  --base-url     the service: the emulator (required)\n' +
      '  --token        the search token (required)\n' +
      "  --tracker-key  the tenant's tracker key (required)\n" +
      `${flagHelp(trafficSimulateCli, { width: 14, only: ['sessions', 'days', 'seed', 'clickModel', 'start', 'randomized', 'onlyDay'] }).join('\n')}\n` +
      "  --config       repeatable: users are split over the configurations (default the tenant's default)\n" +
      '  --ab-test      FILE: shoppers bucketed by this A/B test as the storefront buckets them (default: none): each\n' +
      "                 user's variation sets their configuration (and a segment variable), their searches are logged\n" +
      "                 with the test and variation, and the truth gives each variation's true rates; not with --config\n" +
      '  --real-service send to a service that is not the emulator; its analytics get the shoppers (default: refused)\n' +
      `${flagHelp(trafficSimulateCli, { width: 14, only: ['trackerRegion'] }).join('\n')}\n` +
      "  --collect-url  with --real-service: where the tracker's activities go (default: the region's address)\n" +
      '  --store        DIR: also import what was simulated into this store\n' +
      '  --out          DIR (required)\n' +
      '  example: search-workbench traffic simulate --base-url http://127.0.0.1:8787 --token demo-search-token-0001 --tracker-key demo-tracker-key-0001 --sessions 2000 --config default --config new-arrivals --out sim/ --store traffic/',
  },
};

const USAGE =
  Object.values(SUBCOMMANDS)
    .map((sub, i) => `${i ? '       ' : ''}${sub.synopsis}`)
    .join('\n') +
  '\n' +
  Object.values(SUBCOMMANDS)
    .map((sub) => sub.help)
    .join('\n') +
  `\n${EXIT_HELP}`;

export const trafficCommand: Command = {
  name: 'traffic',
  summary:
    'Shopper traffic: import UBI, tracker or CSV logs into a Parquet store, report on it, sample query sets, simulate shoppers, estimate a configuration on it',
  usage: USAGE,
  subcommands: Object.fromEntries(Object.entries(SUBCOMMANDS).map(([name, sub]) => [name, `${sub.synopsis}\n${sub.help}\n${EXIT_HELP}`])),
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub === 'import') return importCommand(rest, io);
    if (sub === 'report') return reportCommand(rest, io);
    if (sub === 'imports') return importsCommand(rest, io);
    if (sub === 'remove') return removeCommand(rest, io);
    if (sub === 'sample') return sampleCommand(rest, io);
    if (sub === 'simulate') return simulateCommand(rest, io);
    if (sub === 'estimate') return estimateCommand(rest, io);
    throw new UsageError(
      sub
        ? `traffic has no subcommand ${JSON.stringify(sub)}: import, imports, remove, report, sample, simulate or estimate.`
        : 'traffic needs a subcommand: import, imports, remove, report, sample, simulate or estimate.',
    );
  },
};
