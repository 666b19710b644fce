import { extname } from 'node:path';
import { matrixCli, parseAxisArg, type MatrixAxis, matrixCsv, matrixJson } from '../../shared/matrix';
import { BATCH_CONCURRENCY } from '../../shared/compare';
import { flagHelp } from '../../shared/operations';
import { matrixHtml } from '../../report';
import { CLOCK_HEADER } from '../../main/emulator/clock';
import { type MatrixProgress, MatrixService, type MatrixInput } from '../../main/services/matrix';
import { addressTargets, SearchClient } from '../../main/services/search';
import { SHARED_FILE_MODE, writeFileAtomically } from '../../main/services/storage';
import { checkOut, EXIT, flagsInput, parse, UsageError, type Command } from '../command';
import { InputError } from '../input';
import { onStopSignal, QUERY_FLAGS, runClient, runOptions, SERVICE_FLAGS, throttledProgress } from '../request-run';
import { viaService } from '../service-call';
import { queryRows } from '../side-options';

const progressLine = (p: MatrixProgress) => `${p.done}/${p.total} requests · ${p.failed} failed`;

/** `--hours 9,21`: hours of the emulator's clock. */
function parseHours(text: string): number[] {
  const hours = text.split(',').map((h) => h.trim());
  if (hours.some((h) => !/^\d{1,2}$/.test(h) || Number(h) > 23))
    throw new UsageError(`--hours is a list of whole hours 0–23 (e.g. --hours 9,21), got ${JSON.stringify(text)}`);
  return hours.map(Number);
}

/** A problem's field as the option that set it: `axes[1].values[2]` → `--axis weather (value 3)`. */
function optionOf(field: string, axes: MatrixAxis[]): string | undefined {
  const m = /^axes\[(\d+)\](?:\.values\[(\d+)\])?/.exec(field);
  if (m) return `--axis ${axes[Number(m[1])]?.name || Number(m[1]) + 1}${m[2] !== undefined ? ` (value ${Number(m[2]) + 1})` : ''}`;
  if (field.startsWith('hours')) return '--hours';
  if (field.startsWith('configurations')) return '--config';
  if (field === 'axes') return '--axis';
  const flags: Record<string, string> = { queries: '--queries', baseline: '--baseline', 'base.token': '--token', k: '--k' };
  return flags[field.replace(/\[\d+\]$/, '')];
}

export const matrixCommand: Command = {
  name: 'matrix',
  summary: 'Run one query (or up to 50) across a grid of context variables × configurations, each cell against a baseline cell',
  usage:
    "matrix --base-url U --token T (--query Q | --queries FILE) --axis NAME=v1,v2… [--axis …] [--config C]… [--baseline 'NAME=v,…'] [--hours 9,21] [--k 10] [--out FILE] [--concurrency N|auto] [--timeout MS]\n" +
    '  --base-url   the service (required)\n' +
    '  --token      the search token (required)\n' +
    '  --query      one query (required, or --queries)\n' +
    '  --queries    FILE: up to 50 queries — lines, CSV, JSON Lines or a workspace query set (required, or --query)\n' +
    '  --axis       NAME=v1,v2,…: a custom context variable and its values, repeatable (default: no axis);\n' +
    '               `none` leaves the variable out, numbers and true/false are typed, a JSON string ("3", "a,b") is text\n' +
    '  --config     a configuration id, repeatable: one more axis (default: the tenant default)\n' +
    '  --baseline   NAME=value,…: the cell every other is held against (default: the first cell); config=C and hour=H\n' +
    '               name those, and an axis left out takes its first value\n' +
    "  --hours      hours 0–23 of the emulator's clock, one more axis (default: the service's own clock) — emulator only\n" +
    `               (Local demo): sent as the ${CLOCK_HEADER} header, refused against any other service\n` +
    `${flagHelp(matrixCli, { width: 12 }).join('\n')}\n` +
    '  --out        FILE: .json, .csv (one row per cell × query) or .html (the grid), by extension (default: JSON on\n' +
    '               standard output)\n' +
    "  --concurrency  requests in flight, 1 to 64, or auto: paced by the service's 429/503 (default 8)\n" +
    '  --timeout    milliseconds before one request gives up, 1,000 to 300,000 (default 30,000)\n' +
    '  prints JSON: { baseline, cells: [ { query, configurationId, variables, ids, count, change } ] }; change is 1 − RBO\n' +
    '  against the baseline cell of the same query, as the app shows it: 0 did not move, 1 nothing in common\n' +
    '  exit codes: 0 ran, 2 usage error, 3 could not run (no request answered)\n' +
    "  example: search-workbench matrix --base-url http://127.0.0.1:8787 --token demo-search-token-0001 --query 'rain jacket' --axis segment=none,premium,outlet --axis weather=sun,rain --config default --config bestsellers",
  async run(argv, io) {
    const { values } = parse(
      argv,
      {
        ...SERVICE_FLAGS,
        ...QUERY_FLAGS,
        axis: { type: 'string', multiple: true },
        config: { type: 'string', multiple: true },
        baseline: { type: 'string' },
        hours: { type: 'string' },
        k: { type: 'string' },
        out: { type: 'string' },
        concurrency: { type: 'string' },
        timeout: { type: 'string' },
      },
      false,
    );
    const baseUrl = values['base-url'];
    const token = values.token;
    if (!baseUrl) throw new UsageError('matrix needs --base-url: the service to ask.');
    if (!token) throw new UsageError('matrix needs --token: the search token.');
    if (values.query !== undefined && values.queries !== undefined) throw new UsageError('Give --query or --queries, not both.');
    if (values.query === undefined && values.queries === undefined)
      throw new UsageError('matrix needs --query Q (one query) or --queries FILE (up to 50).');
    const out = values.out;
    const format = out === undefined ? 'json' : extname(out).toLowerCase().slice(1);
    if (format !== 'json' && format !== 'csv' && format !== 'html')
      throw new UsageError('--out must end in .json, .csv or .html: the format follows the extension.');
    const axes: MatrixAxis[] = [];
    for (const text of values.axis ?? []) {
      const axis = parseAxisArg(text);
      if ('error' in axis) throw new UsageError(axis.error);
      axes.push(axis);
    }
    const configurations = values.config?.length ? values.config : [''];
    const hours = values.hours !== undefined ? parseHours(values.hours) : undefined;
    // The depth the app's operation compares to, its limits and default declared once.
    const { k } = flagsInput(matrixCli, values);
    const pace = runOptions({ concurrency: values.concurrency, timeout: values.timeout }, BATCH_CONCURRENCY);
    const queries = values.query !== undefined ? [values.query] : (await queryRows(values.queries, io)).map((r) => r.query);
    const input: MatrixInput = {
      base: { token, options: { offset: 0, limit: k } },
      queries,
      axes,
      configurations,
      ...(hours ? { hours } : {}),
      ...(values.baseline !== undefined ? { baseline: values.baseline } : {}),
      k,
      concurrency: pace.concurrency,
      ...(pace.auto ? { pace: 'auto' as const } : {}),
    };
    const http = runClient(pace, 16);
    // The app's service, on the address and token given: the same checks, the same run.
    const matrix = new MatrixService({
      targets: addressTargets(http, baseUrl, token),
      search: new SearchClient(http),
      deadlineMs: () => pace.timeout ?? 0,
      onProgress: throttledProgress(io, progressLine, (p) => p.done >= p.total),
    });
    const flagOf = (field: string) => optionOf(field, axes);
    const stop = onStopSignal(() => matrix.cancel());
    try {
      const { cells, baseline } = await viaService(() => matrix.plan(input), flagOf);
      io.stderr(
        `${cells.length} cells × ${queries.length} quer${queries.length === 1 ? 'y' : 'ies'} = ${cells.length * queries.length} requests; baseline ${baseline}`,
      );
      await checkOut(out);
      const run = await viaService(() => matrix.run(input), flagOf);
      for (const row of run.rows) if (row.error) io.stderr(`"${row.query}" in ${row.cell}: ${row.error}`);
      if (out === undefined) io.stdout(JSON.stringify(matrixJson(run), null, 2));
      else {
        const text =
          format === 'csv' ? matrixCsv(run) : format === 'html' ? await matrixHtml(run) : `${JSON.stringify(matrixJson(run), null, 2)}\n`;
        await writeFileAtomically(out, text, { mode: SHARED_FILE_MODE });
        io.stdout(`${run.requests} requests, ${run.failed} failed · ${format.toUpperCase()}: ${out}`);
      }
      if (run.stopped) return 130;
      if (run.requests > 0 && run.failed === run.requests)
        throw new InputError('No request of the matrix was answered: see the errors above.');
      return EXIT.ok;
    } finally {
      stop.dispose();
      await http.close();
    }
  },
};
