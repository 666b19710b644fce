import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { z } from 'zod';
import { JudgmentLists } from '../../src/main/services/judgments/judgment-lists';
import { Workspace } from '../../src/main/services/workspace/workspace';
import { judgmentListSchema, setRating } from '../../src/shared/judgments/model';
import type { WorkspaceKind } from '../../src/shared/workspace/kinds';
import { measure, printTable } from './table';

const FILE = 'demo-judgments.json';
const RATINGS = 300;

/** A workspace that counts its file reads, as a rating keystroke would cause them. */
class CountingWorkspace extends Workspace {
  reads = 0;
  protected override readAt<S extends z.ZodType>(path: string, kind: WorkspaceKind, file: string, schema: S): Promise<z.output<S>> {
    this.reads++;
    return super.readAt(path, kind, file, schema);
  }
}

/** Counts what `judgmentListSchema` parses (whole lists checked) while `run` runs. */
async function countingParses(run: () => Promise<void>): Promise<number> {
  const original = judgmentListSchema.safeParse.bind(judgmentListSchema);
  let parses = 0;
  judgmentListSchema.safeParse = ((value: unknown, params?: Parameters<typeof original>[1]) => {
    parses++;
    return original(value, params);
  }) as typeof judgmentListSchema.safeParse;
  try {
    await run();
  } finally {
    judgmentListSchema.safeParse = original;
  }
  return parses;
}

/**
 * `npm run bench rating`: one rating keystroke on the demo judgment list (3,151 ratings on 95 queries) — what the
 * user feels between the key and the list saved. The peer is the plain read-then-write each rating did before
 * (read the list, check it, then the general workspace write that reads it again to see it is the app's own).
 */
export async function benchRating(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'wb-bench-rating-'));
  try {
    await mkdir(join(dir, 'judgments'));
    await copyFile(resolve('examples/workspace/judgments', FILE), join(dir, 'judgments', FILE));
    const workspace = new CountingWorkspace(dir);
    const lists = new JudgmentLists(workspace);
    let i = 0;
    const change = () => ({ file: FILE, query: 'rain jacket', itemId: `SKU-9${String(i++ % 50).padStart(5, '0')}`, rating: i % 4 });

    const rate = async () => void (await lists.rate(change()));
    const peer = async () => {
      const c = change();
      const list = await workspace.read('judgments', FILE, judgmentListSchema);
      await workspace.write('judgments', FILE, judgmentListSchema, setRating(list, c), { overwrite: true });
    };

    const per = async (run: () => Promise<void>) => {
      workspace.reads = 0;
      const parses = await countingParses(run);
      return { reads: workspace.reads, parses };
    };
    const ours = await per(rate);
    const theirs = await per(peer);
    const ms = await measure(rate, RATINGS, 20);
    const peerMs = await measure(peer, RATINGS, 20);

    printTable(
      `Rating keystroke on ${FILE} (${RATINGS} ratings, after 20 warm-up)`,
      ['path', 'list reads', 'list parses', 'p50 ms', 'p95 ms', 'goal', 'verdict'],
      [
        ['JudgmentLists.rate', ours.reads, ours.parses, ms.p50, ms.p95, '1 read, 1 parse; p50 below the peer', ''],
        ['peer: read, then write', theirs.reads, theirs.parses, peerMs.p50, peerMs.p95, '', ''],
      ].map((row, n) =>
        n === 0 ? [...row.slice(0, 6), ours.reads === 1 && ours.parses === 1 && ms.p50 < peerMs.p50 ? 'PASS' : 'FAIL'] : row,
      ),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
