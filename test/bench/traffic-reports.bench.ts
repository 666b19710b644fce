import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { writeLines } from './traffic.bench';
import { printTable } from './table';

/** Distinct queries in the log, one search each: every report row is a group of its own. */
const QUERIES = Number(process.env.TRAFFIC_REPORT_BENCH_QUERIES ?? 1_000_000);
const CLI = resolve(import.meta.dirname, '../../out/cli/index.js');
const LIMIT_MB = 1024;

/** Each process's peak RSS, printed by the process itself as it exits. */
const PEAK = `data:text/javascript,process.on('exit',()=>process.stderr.write('PEAK_RSS_KB '+process.resourceUsage().maxRSS+'\\n'))`;

/** The built command line in a process of its own: how long it took, its exit code and its peak RSS in MB. */
function cli(args: string[]): Promise<{ ms: number; code: number; peakMb: number; output: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', PEAK, CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) =>
    child.on('close', (code) => {
      const peak = Number(/PEAK_RSS_KB (\d+)/.exec(output)?.[1] ?? NaN);
      done({ ms: performance.now() - started, code: code ?? 1, peakMb: peak / 1024, output });
    }),
  );
}

/**
 * The peer: the same report by query as plain Node would write it — every query counted in a map, then written — with
 * no CSV quoting (the open quote's row is a query of its own).
 */
async function mapPeer(log: string): Promise<{ ms: number; peakMb: number; rows: number; bytes: number }> {
  const started = performance.now();
  const before = process.resourceUsage().maxRSS;
  const counts = new Map<string, number>();
  let header = true;
  for await (const line of createInterface({ input: createReadStream(log), crlfDelay: Infinity })) {
    if (header || !line) {
      header = false;
      continue;
    }
    const query = line.split(',')[2] ?? '';
    counts.set(query, (counts.get(query) ?? 0) + 1);
  }
  const text = JSON.stringify({ rows: [...counts].map(([group, searches]) => ({ group, searches })) }, null, 2);
  const peakMb = Math.max(before, process.resourceUsage().maxRSS) / 1024;
  return { ms: performance.now() - started, peakMb, rows: counts.size, bytes: text.length };
}

/**
 * `npm run bench traffic-reports`: a CSV log of a million distinct queries (and a quote left open near its top)
 * imported by the built command line, then the report by query written as JSON, CSV and HTML, each in a process of
 * its own so its peak RSS is its own; beside a plain Node map of the same counts as the peer.
 */
export async function benchTrafficReports(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'wb-bench-reports-'));
  try {
    const log = join(dir, 'log.csv');
    await writeLines(log, QUERIES + 2, (i) =>
      i === 0
        ? 'session,timestamp,query,docid,position,action\n'
        : i === 3
          ? 's-open,2026-11-01T10:00:00Z,"a quote never closed,,,search\n'
          : `s${i},2026-11-01T10:00:00Z,query ${i},,,search\n`,
    );
    const store = join(dir, 'store');
    const imported = await cli(['traffic', 'import', log, '--store', store]);
    if (imported.code !== 0) throw new Error(`the import failed:\n${imported.output}`);
    const kept = /kept ([\d,]+) searches/.exec(imported.output)?.[1] ?? '?';
    const reports = [];
    for (const format of ['json', 'csv', 'html'] as const) {
      const ran = await cli(['traffic', 'report', '--store', store, '--out', join(dir, `report.${format}`)]);
      if (ran.code !== 0) throw new Error(`the ${format} report failed:\n${ran.output}`);
      reports.push([format, ran] as const);
    }
    const peer = await mapPeer(log);
    const pass = (mb: number) => (mb <= LIMIT_MB ? 'PASS' : 'FAIL');
    printTable(
      `Traffic reports: a CSV log of ${QUERIES.toLocaleString('en-US')} distinct queries (one row left open by a quote on line 4; ${kept} searches kept), each step a process of its own`,
      ['step', 'ms', 'peak RSS (MB)', 'goal', 'result'],
      [
        [
          'import (CSV read a record at a time, the open quote one named bad row)',
          imported.ms,
          imported.peakMb,
          `≤ ${LIMIT_MB} MB`,
          pass(imported.peakMb),
        ],
        ...reports.map(([format, ran]) => [
          `report by query, ${format.toUpperCase()} (${format === 'html' ? 'the first 10,000 rows shown, the rest counted' : 'every row'})`,
          ran.ms,
          ran.peakMb,
          `≤ ${LIMIT_MB} MB`,
          pass(ran.peakMb),
        ]),
        [
          `peer: the same counts in a Node map, one JSON text (${peer.rows.toLocaleString('en-US')} rows, ${(peer.bytes / 1e6).toFixed(0)} MB)`,
          peer.ms,
          peer.peakMb,
          '—',
          '—',
        ],
      ],
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
