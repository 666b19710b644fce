import { lstat, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { z } from 'zod';
import type { StoreImport } from '../../../shared/traffic';
import { JsonDocument } from '../storage';
import { sqlText } from './duck';
import { StoreError, type Table, tableFiles, type TrafficStore } from './store';

/**
 * The store's imports: each file's rows carry its mark (`source`, the first 16 hex digits of the file's SHA-256) and
 * sit in Parquet files named after it (`import-<source>-…`), so an import can be listed with what it added and taken
 * out again whole. `imports.json` keeps each file's name and time; a store written before it kept them (the demo
 * week's) lists its imports by mark alone.
 */

const ledgerSchema = z.strictObject({
  imports: z.array(
    z.strictObject({
      sha256: z.string(),
      name: z.string(),
      at: z.string(),
      searches: z.number(),
      events: z.number(),
    }),
  ),
});

export const ledgerOf = (dir: string) =>
  new JsonDocument({
    file: join(dir, 'imports.json'),
    schema: ledgerSchema,
    version: 1,
    defaults: () => ({ imports: [] }),
  });

/** An import's mark on its rows and files. */
export const sourceOf = (sha256: string) => sha256.slice(0, 16);
const SOURCE = /^[0-9a-f]{16}$/;

const TABLES: Table[] = ['searches', 'events'];

/** Every import the store holds, oldest first: its file and time where the ledger has them, what it added, its days. */
export async function listImports(store: TrafficStore): Promise<StoreImport[]> {
  const rows = await store.duck.all(`SELECT source, sum(s)::BIGINT AS searches, sum(e)::BIGINT AS events,
  strftime(min(d0), '%Y-%m-%d') AS first, strftime(max(d1), '%Y-%m-%d') AS last FROM (
  SELECT source, count(*) AS s, 0 AS e, min(day) AS d0, max(day) AS d1 FROM searches_logged GROUP BY source
  UNION ALL SELECT source, 0, count(*), min(day), max(day) FROM events GROUP BY source
) WHERE source IS NOT NULL GROUP BY source`);
  const ledger = (await ledgerOf(store.dir).load()).value.imports;
  const imports = rows.map((r): StoreImport => {
    const id = String(r.source);
    const entry = ledger.find((i) => sourceOf(i.sha256) === id);
    return {
      id,
      file: entry?.name ?? null,
      at: entry?.at ?? null,
      searches: Number(r.searches),
      events: Number(r.events),
      from: (r.first as string | null) ?? null,
      to: (r.last as string | null) ?? null,
    };
  });
  return imports.sort((a, b) => (a.at ?? '').localeCompare(b.at ?? '') || a.id.localeCompare(b.id));
}

/**
 * The Parquet files of one import, in both tables: the store's own listing (regular files in day folders, links
 * passed over), those named after the import. A table folder that is a link is refused: nothing is deleted through it.
 */
async function filesOf(store: TrafficStore, id: string): Promise<string[]> {
  const files: string[] = [];
  for (const table of TABLES) {
    const root = await lstat(join(store.dir, table)).catch(() => undefined);
    if (root && !root.isDirectory())
      throw new StoreError(`${join(store.dir, table)} is not a folder (a link or a file): nothing is deleted through it.`);
    files.push(...(await tableFiles(store.dir, table)).filter((path) => basename(path).startsWith(`import-${id}-`)));
  }
  return files;
}

/**
 * Takes one import out of the store: its files deleted, its ledger entry dropped (the file can be imported again),
 * the views read again. Said: what it took, and how many actions of other imports now name no search — they named
 * searches only this import held. Interrupted, the rest of its files are still listed under it and a second removal
 * finishes the work.
 */
export async function removeImport(
  store: TrafficStore,
  id: string,
): Promise<{ removed: StoreImport; untied: number; imports: StoreImport[] }> {
  if (!SOURCE.test(id))
    throw new StoreError(`an import's id is 16 hex digits, as the list of imports gives it; got ${JSON.stringify(id)}.`, 'id');
  const removed = (await listImports(store)).find((i) => i.id === id);
  const files = await filesOf(store, id);
  if (!removed || files.length === 0)
    throw new StoreError(
      `the store holds no import ${id}: list them with \`traffic imports --store DIR\` (or on Shoppers → Imports).`,
      'id',
    );
  const [tied] = await store.duck.all(
    `SELECT count(*) AS n FROM events WHERE source <> ${sqlText(id)} AND search_id IN (SELECT search_id FROM searches_logged WHERE source = ${sqlText(id)})`,
  );
  for (const file of files) await rm(file);
  const ledger = ledgerOf(store.dir);
  const { value } = await ledger.load();
  if (value.imports.some((i) => sourceOf(i.sha256) === id))
    await ledger.save({ imports: value.imports.filter((i) => sourceOf(i.sha256) !== id) });
  await store.refresh();
  return { removed, untied: Number(tied?.n ?? 0), imports: await listImports(store) };
}
