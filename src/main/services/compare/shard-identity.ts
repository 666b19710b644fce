import { createHash } from 'node:crypto';
import { queryRowSchema, canonicalJson } from '../../../shared/workspace';
import type { QueryRow } from '../../../shared/compare';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The hash of a whole query list, its rows as a batch stores them (trimmed, checked), in their order. */
export function queryListHash(rows: readonly QueryRow[]): string {
  return sha256(canonicalJson(rows.map((row) => queryRowSchema.parse(row))));
}

/**
 * The identity of a sharded run, which each shard carries: what it asks (name, kind, base request, sides), of
 * which list (its hash and length), cut how (the shard count), and measured how (the quality settings and the
 * judgments' hash). Shards whose identities differ are not parts of one run, and `merge` refuses them.
 */
export function shardRunId(parts: {
  name: string;
  kind?: string | undefined;
  base: unknown;
  sides: unknown;
  list: string;
  count: number;
  of: number;
  quality: unknown;
}): string {
  return sha256(canonicalJson({ ...parts, kind: parts.kind ?? 'search', quality: parts.quality ?? null }));
}

/** The hash of a file's text (the judgments a run was scored with). */
export const textHash = sha256;
