/**
 * What the app refuses it says with the count, the limit or the kind, and what it writes it can read back: a rules
 * file over its limit, a click list with an unbounded interval, a --state that is not a folder.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/main/services/http';
import { SearchClient } from '../../src/main/services/search';
import { WorkbenchFailure } from '../../src/shared/ipc';
import { answerTooDeep } from '../../src/shared/json-value';
import { compileRules, judgmentListSchema, RULES_LIMITS } from '../../src/shared/judgments';
import { runCli } from '../helpers/cli-io';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wb-sec-refusals-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('refusals that say why', () => {
  it('a rules file of 1,001 rules is refused with its count and the limit, in either shape', () => {
    const rules = Array.from({ length: RULES_LIMITS.rules + 1 }, (_, i) => ({ when: `brand = "b${i}"`, rating: 2 }));
    for (const file of [rules, { name: 'many', rules }]) {
      expect(compileRules(file)).toEqual({
        ok: false,
        message: 'the file holds 1,001 rules, over the 1,000 a rules file may hold: every item is held against every rule.',
      });
    }
    expect(compileRules(rules.slice(0, RULES_LIMITS.rules))).toMatchObject({ ok: true });
  });

  it('compare --state on a file or a FIFO says what it is (exit 3), not a raw EEXIST', async () => {
    const file = join(dir, 'state-file');
    await writeFile(file, 'not a folder');
    const fifo = join(dir, 'state-fifo');
    execFileSync('mkfifo', [fifo]);
    const queries = join(dir, 'q.txt');
    await writeFile(queries, 'tent\n');
    for (const [state, kind] of [
      [file, 'a file'],
      [fifo, 'a named pipe (FIFO)'],
    ] as const) {
      const run = await runCli([
        'compare',
        ...['--queries', queries, '--base-url', 'http://127.0.0.1:9', '--token', 't', '--a', 'a', '--b', 'b', '--state', state],
      ]);
      expect(run.code, run.err).toBe(3);
      expect(run.err).toContain(`--state ${state} is ${kind}: give a folder of its own (it is made when missing).`);
    }
  });
});

describe('what the app writes passes its own schema', () => {
  it('COEC ratings of items shown only at ranks never clicked: left out, every interval finite, the list read back', async () => {
    // Rank 3 is never clicked in this log: an item shown only there has no expected clicks, and once had [0, ∞].
    const search = (id: string, hits: string[]) =>
      JSON.stringify({
        query_id: id,
        user_query: 'tent',
        timestamp: '2026-11-01T10:00:00Z',
        query_attributes: { session_id: `s-${id}` },
        query_response_hit_ids: hits,
      });
    const click = (id: string, doc: string, ordinal: number) =>
      JSON.stringify({
        action_name: 'click',
        query_id: id,
        timestamp: '2026-11-01T10:00:05Z',
        event_attributes: { object: { object_id: doc }, position: { ordinal } },
      });
    const lines: string[] = [];
    for (let i = 0; i < 30; i++) {
      lines.push(search(`q${i}`, ['A', 'B', i % 2 ? 'C' : 'D']));
      lines.push(click(`q${i}`, i % 3 ? 'A' : 'B', i % 3 ? 1 : 2));
    }
    await writeFile(join(dir, 'log.jsonl'), `${lines.join('\n')}\n`);
    const store = join(dir, 'coec-store');
    expect((await runCli(['traffic', 'import', join(dir, 'log.jsonl'), '--store', store])).code).toBe(0);
    const out = join(dir, 'coec.json');
    const run = await runCli(['judgments', 'from-traffic', '--store', store, '--model', 'coec', '--max-width', '100', '--out', out]);
    expect(run.code, run.err).toBe(0);
    const list = judgmentListSchema.parse(JSON.parse(await readFile(out, 'utf8')));
    const rated = list.ratings.map((r) => r.itemId).sort();
    expect(rated).toEqual(['A', 'B']);
    for (const r of list.ratings) expect(r.evidence!.ci95.every(Number.isFinite)).toBe(true);
    // And the list goes on through the commands that read lists.
    const converted = await runCli(['judgments', 'convert', out, '--to', 'trec']);
    expect(converted.code, converted.err).toBe(0);
  });
});

describe('a service answer nested past the limit', () => {
  it('is a typed error naming the depth, not a crash, and the next answer reads as usual', async () => {
    const deep = `{"items":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    let answer = deep;
    const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(answer));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const http = new HttpClient({});
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const client = new SearchClient(http);
      const failed = await client.run(base, 'search', { token: 't', query: 'tent' }).catch((err: unknown) => err);
      expect(failed).toBeInstanceOf(WorkbenchFailure);
      expect((failed as WorkbenchFailure).error).toMatchObject({ code: 'http', message: answerTooDeep(200) });
      answer = JSON.stringify({ items: [], metadata: { count: 0 } });
      await expect(client.run(base, 'search', { token: 't', query: 'tent' })).resolves.toMatchObject({ response: { items: [] } });
    } finally {
      await http.close();
      await new Promise((done) => server.close(done));
    }
  });
});
