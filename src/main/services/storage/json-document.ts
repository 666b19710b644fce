import { readFile, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { z } from 'zod';
import type { Notice } from '../../../shared/app';
import { describeIssues, zodIssues } from '../../../shared/zod';
import { writeJsonAtomically } from './atomic';

export interface JsonDocumentOptions<S extends z.ZodType> {
  file: string;
  schema: S;
  /** Written into the file as `formatVersion`; files from a newer app are kept aside, not overwritten. */
  version: number;
  defaults: () => z.output<S>;
}

export interface LoadOutcome<T> {
  value: T;
  /** Set when the file on disk could not be used and was moved aside. */
  notice?: Notice;
}

/**
 * A versioned JSON file validated by schema on load. Writes are atomic and
 * serialised; a corrupt or future-version file is renamed aside with a notice
 * saying where it went, so nothing the user had is lost silently.
 */
export class JsonDocument<S extends z.ZodType> {
  private queue: Promise<void> = Promise.resolve();
  constructor(private readonly options: JsonDocumentOptions<S>) {}

  get file(): string {
    return this.options.file;
  }

  async load(now: () => Date = () => new Date()): Promise<LoadOutcome<z.output<S>>> {
    const { file, schema, version, defaults } = this.options;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { value: defaults() };
      throw err;
    }
    let problem: string;
    try {
      const raw: unknown = JSON.parse(text);
      const fileVersion = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).formatVersion : undefined;
      if (typeof fileVersion === 'number' && fileVersion > version) {
        problem = `it was written by a newer version of the app (format ${fileVersion}, this app reads up to ${version})`;
      } else {
        const { formatVersion: _ignored, ...data } = raw as Record<string, unknown>;
        const parsed = schema.safeParse(data);
        if (parsed.success) return { value: parsed.data };
        problem = `it does not match the expected shape (${describeIssues(zodIssues(parsed.error))})`;
      }
    } catch (err) {
      problem = `it is not valid JSON (${(err as Error).message})`;
    }
    const stamp = now().toISOString().replace(/[:.]/g, '-');
    const aside = join(dirname(file), `${basename(file, '.json')}.unreadable-${stamp}.json`);
    await rename(file, aside);
    return {
      value: defaults(),
      notice: {
        id: `unreadable:${basename(file)}`,
        level: 'warning',
        message: `${basename(file)} could not be used because ${problem}. It was kept as ${aside}; the app started with defaults.`,
      },
    };
  }

  /** Saves after any save already in flight, so writes land in call order. */
  save(value: z.output<S>): Promise<void> {
    const next = this.queue.then(() =>
      writeJsonAtomically(this.options.file, { formatVersion: this.options.version, ...(value as object) }),
    );
    this.queue = next.catch(() => {});
    return next;
  }
}
