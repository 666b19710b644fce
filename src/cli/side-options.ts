import { unclosedQuoteMessage } from '../shared/csv';
import {
  QueryListReader,
  variableValue,
  buildSide,
  type NewBatch,
  type QueryRow,
  type SideSpec,
  qualitySettings,
  type QualityConfig,
} from '../shared/compare';
import { textHash } from '../main/services/compare';
import { basename } from 'node:path';
import {
  DEFAULT_SCALE,
  parseJudgments,
  type ParsedJudgments,
  indexRatings,
  MAX_RATING_LIMIT,
  type RatingIndex,
  ratingsCountedOf,
  type Intent,
} from '../shared/judgments';
import { querySetSchema } from '../shared/workspace';
import type { ContextValue } from '../shared/request';
import { intOption, UsageError, type CliIo } from './command';
import { InputError, parseJsonInput, readInput, streamInput } from './input';

/** The options of commands that compare two sides (compare, explain): each side's own, `--a-…` and `--b-…`. */
const SIDE_OPTIONS = ['base-url', 'token', 'filter', 'var', 'label'] as const;

/** `--a-base-url`, `--b-var`… as parseArgs options (`--a-var` and `--b-var` repeat). */
export const SIDE_FLAGS = Object.fromEntries(
  (['a', 'b'] as const).flatMap((s) =>
    SIDE_OPTIONS.map((o) => [
      `${s}-${o}`,
      o === 'var' ? { type: 'string' as const, multiple: true as const } : { type: 'string' as const },
    ]),
  ),
);

function variables(list: string[] | undefined, flag: string): Record<string, ContextValue> {
  const out: Record<string, ContextValue> = {};
  for (const pair of list ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} takes name=value, got ${JSON.stringify(pair)}`);
    out[pair.slice(0, eq)] = variableValue(pair.slice(eq + 1));
  }
  return out;
}

export type Values = Record<string, string | string[] | undefined>;

/** One side from the command line's options: its own (`--a-…`) where given, the shared ones otherwise. */
export function sideFromOptions(v: Values, s: 'a' | 'b'): SideSpec {
  const str = (k: string) => v[k] as string | undefined;
  const baseUrl = str(`${s}-base-url`) ?? str('base-url');
  const token = str(`${s}-token`) ?? str('token');
  if (!baseUrl) throw new UsageError(`Side ${s.toUpperCase()} has no address: give --base-url (or --${s}-base-url).`);
  if (!token) throw new UsageError(`Side ${s.toUpperCase()} has no search token: give --token (or --${s}-token).`);
  try {
    new URL(baseUrl);
  } catch {
    throw new UsageError(`--${s}-base-url / --base-url must be a URL like https://eu.search.example.com, got ${JSON.stringify(baseUrl)}`);
  }
  const config = str(s);
  return buildSide({
    label: str(`${s}-label`) ?? (config ? `${s.toUpperCase()}: ${config}` : `${s.toUpperCase()}: default`),
    baseUrl,
    token,
    ...(config ? { configurationId: config } : {}),
    filter: str(`${s}-filter`) ?? '',
    variables: variables(v[`${s}-var`] as string[] | undefined, `--${s}-var`),
  });
}

/** The query list, read as it streams: lines, CSV, JSON Lines or a workspace query set (JSON, with its per-query filters, facets and variables). */
export async function queryRows(arg: string | undefined, io: CliIo): Promise<QueryRow[]> {
  const reader = new QueryListReader(arg ?? '');
  const { name } = await streamInput(arg, io, (piece) => reader.push(piece));
  const parsed = reader.end();
  // A query set JSON that does not read is the whole file's problem, as a quote never closed: stop.
  if (parsed.format === 'query-set' && parsed.problems.length)
    throw new InputError(`${name}:${parsed.problems[0]!.line}: ${parsed.problems[0]!.message}`);
  // A quote never closed means the rows after it are lost: stop rather than compare half the list.
  const unclosed = parsed.problems.find((p) => p.message === unclosedQuoteMessage);
  if (unclosed) throw new InputError(`${name}:${unclosed.line}: ${unclosedQuoteMessage}`);
  for (const p of parsed.problems.slice(0, 20)) io.stderr(`${name}:${p.line}: ${p.message}`);
  if (parsed.problems.length > 20) io.stderr(`${name}: … and ${parsed.problems.length - 20} more rows that cannot be used.`);
  if (parsed.problems.length)
    io.stderr(
      `${name}: ${parsed.problems.length.toLocaleString('en-US')} row${parsed.problems.length === 1 ? '' : 's'} left out, ${parsed.rows.length.toLocaleString('en-US')} quer${parsed.rows.length === 1 ? 'y' : 'ies'} read.`,
    );
  if (parsed.rows.length === 0) throw new InputError(`${name} holds no query.`);
  return parsed.rows;
}

/** `--k`, `--gain`, `--threshold` and `--ratings` as given (each left out when not): the run's settings come from qualitySettings. */
export function qualityFlags(v: Values, maxK = 1000): Partial<QualityConfig> {
  const str = (k: string) => v[k] as string | undefined;
  const ratings = str('ratings');
  const counted = ratings === undefined ? undefined : ratingsCountedOf(ratings);
  if (ratings !== undefined && !counted)
    throw new UsageError(`--ratings is people, people+rules, people+clicks, people+llm, clicks or all, got ${JSON.stringify(ratings)}`);
  const gain = str('gain');
  if (gain !== undefined && gain !== 'exponential' && gain !== 'linear')
    throw new UsageError(`--gain is exponential or linear, got ${JSON.stringify(gain)}`);
  const weight = str('weight');
  if (weight !== undefined && weight !== 'none' && weight !== 'frequency')
    throw new UsageError(`--weight is none or frequency, got ${JSON.stringify(weight)}`);
  const k = intOption(str('k'), 'k', 1, maxK);
  const threshold = intOption(str('threshold'), 'threshold', 1, MAX_RATING_LIMIT);
  return {
    ...(k !== undefined ? { k } : {}),
    ...(gain ? { gain } : {}),
    ...(threshold !== undefined ? { threshold } : {}),
    ...(counted ? { ratings: counted } : {}),
    ...(weight ? { weight } : {}),
  };
}

/** A compare run before it starts: its batch but its rows, the rows to read (the whole list), and how quality is measured. */
export interface RunPlan {
  batch: Omit<NewBatch, 'rows'>;
  rows: () => Promise<QueryRow[]>;
  quality: QualityChoice | undefined;
}

/** The judgments a run is measured against, and how: the settings, the ratings indexed, and which file (its name and hash). */
export interface QualityChoice {
  config: QualityConfig;
  index: RatingIndex;
  judgments: JudgmentsSource;
}

/** A judgments file as a report names it: the path given, the list's name (a workspace list's own, else the file's), its SHA-256. */
export interface JudgmentsSource {
  path: string;
  name: string;
  sha256: string;
}

/**
 * A judgments file of any known format (a workspace list included), or an error naming the file and line: its
 * ratings, its scale when it is a workspace list, and what names it in a report.
 */
/**
 * A file's refusal (a judgment list, a run) as `file:line: reason`, the line said once: the readers' messages name
 * their line for the app ("line 12: …"), which the file's prefix already says here.
 */
export function fileProblem(name: string, read: { message: string; line?: number }): string {
  if (read.line === undefined) return `${name}: ${read.message}`;
  return `${name}:${read.line}: ${read.message.replace(`line ${read.line}: `, '')}`;
}

export async function readJudgments(
  arg: string | undefined,
  io: CliIo,
  options: { max?: number; cuts?: number[] } = {},
): Promise<ParsedJudgments & { name: string; source: JudgmentsSource }> {
  const { text, name } = await readInput(arg, io);
  const read = parseJudgments(text, { max: options.max ?? DEFAULT_SCALE.max, ...(options.cuts ? { cuts: options.cuts } : {}) });
  if (!read.ok) throw new InputError(fileProblem(name, read));
  return { ...read, name, source: { path: name, name: read.name ?? basename(name), sha256: textHash(text) } };
}

/**
 * --judgments and how quality is measured, or undefined without judgments. What the flags leave out comes from
 * the list itself (a workspace list's threshold), as the app reads it: one source of quality settings.
 */
export async function qualityOptions(v: Values, io: CliIo, gate?: { k?: number }): Promise<QualityChoice | undefined> {
  const flags = { ...(gate?.k !== undefined ? { k: gate.k } : {}), ...qualityFlags(v) };
  const path = v['judgments'] as string | undefined;
  if (!path) {
    if (Object.keys(flags).length)
      throw new UsageError('--k, --gain, --threshold, --ratings and --weight measure quality: give --judgments FILE too.');
    return undefined;
  }
  return qualityChoice(await readJudgments(path, io), flags);
}

/** Judgments read, measured with the settings given and, for the rest, the list's own (qualitySettings). */
export function qualityChoice(read: Awaited<ReturnType<typeof readJudgments>>, given: Partial<QualityConfig>): QualityChoice {
  const config = qualitySettings(given, read.scale);
  return {
    config,
    index: indexRatings(read.ratings, { trec: read.format === 'trec', ratings: config.ratings ?? 'confirmed' }),
    judgments: read.source,
  };
}

/** The entries of a workspace query set (with their intents), or of a query list (without). */
export async function queryEntries(arg: string, io: CliIo): Promise<{ query: string; intent?: Intent }[]> {
  const { text, name } = await readInput(arg, io);
  if (text.trimStart().startsWith('{')) {
    const set = querySetSchema.safeParse(parseJsonInput(text, name));
    if (!set.success) throw new InputError(`${name}: not a workspace query set (${set.error.issues[0]?.message ?? 'unreadable'}).`);
    return set.data.queries.map((q) => ({ query: q.query, ...(q.intent ? { intent: q.intent } : {}) }));
  }
  return (await queryRows(arg, io)).map((r) => ({ query: r.query }));
}
