import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { queryKey } from '../../../shared/judgments';
import { PRIVATE_DIR_MODE, readTextFile, writeJsonAtomically } from '../storage';

/**
 * Verdicts kept between runs, one file per judge and prompt: the endpoint, the model and the template's version name
 * the file; inside, each verdict under a hash of the question asked (the query and the item exactly as shown). A
 * re-run sends nothing for what is here; a changed item, query or prompt is a new question. No verdict is never kept.
 */
export const VERDICT_CACHE_FORMAT = 'search-workbench-llm-verdicts';

const fileSchema = z.strictObject({
  format: z.literal(VERDICT_CACHE_FORMAT),
  endpoint: z.string(),
  model: z.string(),
  templateVersion: z.string(),
  verdicts: z.record(
    z.string(),
    z.strictObject({ rating: z.int().min(0), reason: z.string(), prompt: z.number().min(0), completion: z.number().min(0) }),
  ),
});

export interface CachedVerdict {
  rating: number;
  reason: string;
  /** The tokens it cost when asked. */
  prompt: number;
  completion: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export class VerdictCache {
  private readonly verdicts = new Map<string, CachedVerdict>();
  private dirty = false;

  private constructor(
    readonly file: string,
    private readonly head: { endpoint: string; model: string; templateVersion: string },
  ) {}

  /** The cache of one judge and prompt under `dir` (made if missing); an unreadable file is said, never overwritten. */
  static async open(dir: string, judge: { endpoint: string; model: string; templateVersion: string }): Promise<VerdictCache> {
    const name = sha256(`${judge.endpoint.replace(/\/+$/, '')}\u0000${judge.model}\u0000${judge.templateVersion}`).slice(0, 16);
    await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    const cache = new VerdictCache(join(dir, `verdicts-${name}.json`), judge);
    let text: string | undefined;
    try {
      text = await readTextFile(cache.file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (text !== undefined) {
      let parsed: ReturnType<typeof fileSchema.safeParse>;
      try {
        parsed = fileSchema.safeParse(JSON.parse(text));
      } catch {
        throw new Error(`${cache.file}: the verdict cache is not JSON; move it away to start a new one.`);
      }
      if (!parsed.success)
        throw new Error(`${cache.file}: not a verdict cache (${parsed.error.issues[0]?.message}); move it away to start a new one.`);
      for (const [key, verdict] of Object.entries(parsed.data.verdicts)) cache.verdicts.set(key, verdict);
    }
    return cache;
  }

  /** The key of a question: the query as judgments key it, its intent and the item's JSON as the prompt showed it. */
  static key(query: string, intent: unknown, item: string): string {
    return sha256(`${queryKey(query)}\u0000${JSON.stringify(intent ?? null)}\u0000${item}`);
  }

  get size(): number {
    return this.verdicts.size;
  }

  get(key: string): CachedVerdict | undefined {
    return this.verdicts.get(key);
  }

  set(key: string, verdict: CachedVerdict): void {
    this.verdicts.set(key, verdict);
    this.dirty = true;
  }

  /** Writes what changed, atomically. */
  async save(): Promise<void> {
    if (!this.dirty) return;
    await writeJsonAtomically(this.file, { format: VERDICT_CACHE_FORMAT, ...this.head, verdicts: Object.fromEntries(this.verdicts) });
    this.dirty = false;
  }
}
