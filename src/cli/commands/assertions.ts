/*
 * The assertions capability on the command line: `test` (the word CI uses) runs a suite through AssertionsService, as
 * the app's Workspace → Suite does.
 */
import { resolve } from 'node:path';
import { assertionsCli, prettyReport, reportAs, SUITE_CONCURRENCY } from '../../shared/assertions';
import { flagHelp, flagOptions, flagSynopsis } from '../../shared/operations';
import { type SuiteProgress, AssertionsService } from '../../main/services/assertions';
import { addressTargets, SearchClient } from '../../main/services/search';
import { SHARED_FILE_MODE, writeFileAtomically } from '../../main/services/storage';
import { checkOut, flagsInput, parse, UsageError, type Command } from '../command';
import { shardOption } from '../gate-options';
import { onStopSignal, runClient, runOptions, SERVICE_FLAGS, throttledProgress } from '../request-run';
import { viaService } from '../service-call';

function progressLine(p: SuiteProgress): string {
  return `${p.done}/${p.total} requests · ${p.failed} assertions failed · ${p.errors} requests could not run`;
}

export const testCommand: Command = {
  name: 'test',
  summary: 'Run the assertions of request files and query sets against a service (exit 1 when one fails)',
  usage:
    `test [PATH…] --base-url URL --token TOKEN [--config ID] ${flagSynopsis(assertionsCli)} [--out FILE] [--concurrency N|auto] [--timeout MS] [--shard i/n]\n` +
    '  PATH           a request file, a query set, or a folder searched for them (default: the current folder);\n' +
    '                 files that are not the app’s own are listed as skipped\n' +
    '  --base-url     the service to run against (required: a suite file never names one)\n' +
    '  --token        the search token every request runs with (required)\n' +
    '  --config       the configuration id every request runs on (default: each request’s own)\n' +
    `${flagHelp(assertionsCli, { width: 14 }).join('\n')}\n` +
    '  --out          write the report to FILE; the pretty report still goes to stdout (default: the report to stdout)\n' +
    `  --concurrency  requests in flight, 1 to 64, or auto: paced from the service’s own refusals (default ${SUITE_CONCURRENCY})\n` +
    '  --timeout      milliseconds before one request gives up, 1,000 to 300,000 (default 30,000)\n' +
    '  --shard        i/n: only the cases whose query text hashes to shard i of n, as compare --shard (default: all)\n' +
    '  exit codes: 0 every assertion passed, 1 one failed, 2 usage error, 3 could not run (3 wins over 1)\n' +
    '  example: search-workbench test examples/workspace --base-url http://127.0.0.1:8787 --token demo-search-token-0001 --reporter junit --out junit.xml',
  async run(argv, io) {
    const { values, positionals } = parse(argv, {
      ...SERVICE_FLAGS,
      config: { type: 'string' },
      ...flagOptions(assertionsCli),
      out: { type: 'string' },
      concurrency: { type: 'string' },
      shard: { type: 'string' },
      timeout: { type: 'string' },
    });
    const baseUrl = values['base-url'];
    if (!baseUrl) throw new UsageError('test needs --base-url: the service to run the suite against (a suite file never names one).');
    try {
      new URL(baseUrl);
    } catch {
      throw new UsageError(`--base-url must be a URL like https://eu.search.example.com, got ${JSON.stringify(baseUrl)}`);
    }
    if (!values.token) throw new UsageError('test needs --token: the search token every request runs with.');
    const { reporter } = flagsInput(assertionsCli, values);
    const shard = shardOption(values);
    await checkOut(values.out);
    const run = runOptions(values, SUITE_CONCURRENCY);
    const http = runClient(run, 8);
    // The app's service, on the address and token given: the same reading, limits, run and reports.
    const suites = new AssertionsService({
      targets: addressTargets(http, baseUrl, values.token),
      search: new SearchClient(http),
      deadlineMs: () => run.timeout ?? 0,
      onProgress: throttledProgress(io, progressLine, (p) => p.done >= p.total),
    });
    const stop = onStopSignal(() => suites.cancel());
    try {
      const suite = await viaService(
        () =>
          suites.run({
            folder: resolve('.'),
            paths: positionals.length ? positionals : ['.'],
            ...(values.config ? { configurationId: values.config } : {}),
            ...(shard ? { shard } : {}),
            concurrency: run.concurrency,
            ...(run.auto ? { pace: 'auto' as const } : {}),
          }),
        (field) => (field === 'folder' ? 'PATH' : undefined),
      );
      if (values.out) {
        await writeFileAtomically(resolve(values.out), reportAs(reporter, suite), { mode: SHARED_FILE_MODE });
        io.stdout(prettyReport(suite));
        io.stderr(`${reporter} report written to ${values.out}`);
      } else io.stdout(reportAs(reporter, suite));
      // Stopped by Ctrl+C or SIGTERM before the end: the shell's convention, 128 + SIGINT.
      return suite.stopped ? 130 : suite.summary.exitCode;
    } finally {
      stop.dispose();
      await http.close();
    }
  },
};
