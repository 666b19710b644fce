import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { parseQueryList } from '../../shared/compare/queries';
import { batchCsv, batchHtml, batchJson } from '../../shared/compare/reports';
import { summarize } from '../../shared/compare/summary';
import type { BatchDefinition, BatchProgress, SideSpec } from '../../shared/compare/types';
import type { ContextValue, SearchRequest } from '../../shared/request/types';
import { BatchRunner } from '../../main/services/compare/runner';
import { searchSender } from '../../main/services/compare/sender';
import { BatchStore } from '../../main/services/compare/store';
import { HttpClient } from '../../main/services/http/client';
import { SearchClient } from '../../main/services/search-client';
import { exists, writeFileAtomically } from '../../main/services/storage/atomic';
import { EXIT, intOption, parse, UsageError, type Command } from '../command';
import { InputError, readInput } from '../input';

const SIDE_OPTIONS = ['base-url', 'token', 'filter', 'var', 'label'] as const;

function variables(list: string[] | undefined, flag: string): Record<string, ContextValue> {
  const out: Record<string, ContextValue> = {};
  for (const pair of list ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} takes name=value, got ${JSON.stringify(pair)}`);
    const raw = pair.slice(eq + 1);
    out[pair.slice(0, eq)] =
      raw === 'true' ? true : raw === 'false' ? false : raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  }
  return out;
}

function progressLine(p: BatchProgress): string {
  const width = 24;
  const filled = p.total ? Math.round((p.done / p.total) * width) : width;
  const eta = p.etaMs === null ? '' : ` · ETA ${Math.ceil(p.etaMs / 1000)} s`;
  const rate = p.ratePerSecond === null ? '' : ` · ${p.ratePerSecond.toFixed(1)} queries/s`;
  return `[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${p.done}/${p.total} done · ${p.failed} failed${rate}${eta}`;
}

export const compareCommand: Command = {
  name: 'compare',
  summary: 'Run a query list against two sides (configurations, environments, variables) and report what changed',
  usage:
    'compare --queries FILE --base-url U --token T --a CONFIG_A --b CONFIG_B [--concurrency N] [--limit N] [--out report.html|.csv|.json] [--state DIR] [--name NAME] [--timeout MS] [--a-base-url U] [--a-token T] [--a-filter F] [--a-var k=v]… [--a-label L] (and the same --b-… options)',
  async run(argv, io) {
    const sideFlags = Object.fromEntries(
      (['a', 'b'] as const).flatMap((s) =>
        SIDE_OPTIONS.map((o) => [
          `${s}-${o}`,
          o === 'var' ? { type: 'string' as const, multiple: true as const } : { type: 'string' as const },
        ]),
      ),
    );
    const { values } = parse(
      argv,
      {
        queries: { type: 'string' },
        'base-url': { type: 'string' },
        token: { type: 'string' },
        a: { type: 'string' },
        b: { type: 'string' },
        concurrency: { type: 'string' },
        limit: { type: 'string' },
        out: { type: 'string' },
        state: { type: 'string' },
        name: { type: 'string' },
        timeout: { type: 'string' },
        ...sideFlags,
      },
      false,
    );
    const v = values as Record<string, string | string[] | undefined>;
    const str = (k: string) => v[k] as string | undefined;
    const concurrency = intOption(str('concurrency'), 'concurrency', 1, 64) ?? 8;
    const limit = intOption(str('limit'), 'limit', 0, 1000) ?? 10;
    const timeout = intOption(str('timeout'), 'timeout', 1000, 300_000);
    const out = str('out');
    if (out && !['.html', '.csv', '.json'].includes(extname(out).toLowerCase()))
      throw new UsageError('--out must end in .html, .csv or .json: the format follows the extension.');

    const state = str('state');
    const resuming = state ? await exists(join(state, 'definition.json')) : false;
    let definition: BatchDefinition;
    if (resuming) {
      definition = await new BatchStore(state!).definition();
      io.stderr(`Resuming "${definition.name}" from ${state} (${definition.rows.length} queries); its stored sides and queries apply.`);
    } else {
      if (!str('queries')) throw new UsageError('compare needs --queries FILE: one query per line, or CSV with a "query" column.');
      const { text, name: fileName } = await readInput(str('queries'), io);
      const parsed = parseQueryList(text, fileName);
      for (const p of parsed.problems) io.stderr(`${fileName}:${p.line}: ${p.message}`);
      if (parsed.rows.length === 0) throw new InputError(`${fileName} holds no query.`);
      const side = (s: 'a' | 'b'): SideSpec => {
        const baseUrl = str(`${s}-base-url`) ?? str('base-url');
        const token = str(`${s}-token`) ?? str('token');
        if (!baseUrl) throw new UsageError(`Side ${s.toUpperCase()} has no address: give --base-url (or --${s}-base-url).`);
        if (!token) throw new UsageError(`Side ${s.toUpperCase()} has no search token: give --token (or --${s}-token).`);
        try {
          new URL(baseUrl);
        } catch {
          throw new UsageError(
            `--${s}-base-url / --base-url must be a URL like https://eu.search.example.com, got ${JSON.stringify(baseUrl)}`,
          );
        }
        const config = str(s);
        const filter = str(`${s}-filter`);
        const vars = variables(v[`${s}-var`] as string[] | undefined, `--${s}-var`);
        const overrides: Partial<SearchRequest> = {
          token,
          ...(config ? { configurationId: config } : {}),
          ...(filter ? { options: { filter } } : {}),
          ...(Object.keys(vars).length ? { context: { variables: vars } } : {}),
        };
        return {
          label: str(`${s}-label`) ?? (config ? `${s.toUpperCase()}: ${config}` : `${s.toUpperCase()}: default`),
          baseUrl,
          overrides,
        };
      };
      const sides = { a: side('a'), b: side('b') };
      definition = {
        id: randomUUID(),
        name: str('name') ?? `${sides.a.label} vs ${sides.b.label}`,
        createdAt: new Date().toISOString(),
        base: { options: { limit, offset: 0 } },
        sides,
        rows: parsed.rows,
        concurrency,
      };
    }

    const dir = state ?? (await mkdtemp(join(tmpdir(), 'wb-compare-')));
    const store = resuming ? new BatchStore(dir) : await BatchStore.create(dir, definition);
    const http = new HttpClient({
      ...(timeout ? { deadlineMs: timeout } : {}),
      connectionsPerOrigin: Math.max(16, definition.concurrency * 2),
    });
    let lastLine = 0;
    const runner = new BatchRunner({
      definition,
      store,
      send: searchSender(new SearchClient(http), (s) => ({ baseUrl: definition.sides[s].baseUrl ?? '' })),
      onProgress: (p) => {
        if (Date.now() - lastLine < 1000 && p.status === 'running') return;
        lastLine = Date.now();
        io.stderr(progressLine(p));
      },
    });
    const onSignal = () => {
      io.stderr(state ? `Pausing; run the same command with --state ${state} to resume.` : 'Stopping.');
      void runner.pause();
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      await runner.load();
      if (runner.progress().status !== 'done') await runner.start();
      const results = runner.list();
      const s = summarize(results, definition.rows.length);
      const f = (x: number | null, d = 3) => (x === null ? '—' : x.toFixed(d));
      io.stdout(
        [
          `${definition.name}: ${s.compared} of ${s.total} queries compared, ${s.failed} failed`,
          `mean RBO ${f(s.meanRbo)} · median ${f(s.medianRbo)} · top result changed in ${s.top1Changed}`,
          `zero results: A ${f(s.zeroRateA === null ? null : s.zeroRateA * 100, 1)}% · B ${f(s.zeroRateB === null ? null : s.zeroRateB * 100, 1)}%`,
          `latency p50/p95: A ${f(s.latency.a.p50, 1)}/${f(s.latency.a.p95, 1)} ms · B ${f(s.latency.b.p50, 1)}/${f(s.latency.b.p95, 1)} ms`,
        ].join('\n'),
      );
      if (out) {
        const ext = extname(out).toLowerCase();
        const content =
          ext === '.csv' ? batchCsv(results) : ext === '.json' ? batchJson(definition, results) : batchHtml(definition, results);
        await writeFileAtomically(out, content);
        io.stdout(`report: ${out}`);
      }
      // Stopped by Ctrl+C or SIGTERM before the end: the shell's convention, 128 + SIGINT.
      if (runner.progress().remaining > 0) return 130;
      return s.total > 0 && s.failed === s.total ? EXIT.invalid : EXIT.ok;
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await http.close();
      if (!state) await rm(dir, { recursive: true, force: true });
    }
  },
};
