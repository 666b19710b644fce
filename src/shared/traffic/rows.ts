/**
 * Traffic as the store keeps it, whatever format it came in: one row per search (a query request and the items its
 * page showed) and one per action a shopper took (a click, an add-to-cart, a purchase), tied to the search that
 * showed the item when the log says which.
 *
 * Everything in a row was typed or sent by someone outside: ids and text have length limits here, and the text is
 * kept as text — never a file name, never markup.
 */

export interface SearchRow {
  searchId: string;
  sessionId: string | null;
  userId: string | null;
  clientId: string | null;
  /** ISO 8601 in UTC. */
  ts: string;
  query: string;
  configurationId: string | null;
  segment: string | null;
  /** Context variables as JSON text (an object), when the log has them. */
  variables: string | null;
  /** The ids the page showed, in order: the impressions. */
  hitIds: string[];
  /** How many items the page showed: the length of hitIds when the log lists them, null when it does not say. */
  hitCount: number | null;
  /** The filter the search was narrowed by, as sent. */
  filter: string | null;
  /** 1 for the first page. */
  page: number | null;
  abTest: string | null;
  abVariation: string | null;
  /** The application that logged it (UBI's `application`), when the log says. */
  application?: string | null;
}

export interface EventRow {
  searchId: string | null;
  sessionId: string | null;
  userId: string | null;
  ts: string;
  /** Lower case with underscores: click, add_to_cart, purchase, … (a tracker's add-to-cart becomes add_to_cart). */
  action: string;
  docid: string | null;
  /**
   * Rank on the page that showed it: 1 is the first. A UBI ordinal is read as it was written (0 allowed) and
   * counted from 1 when the import settles which base the search used (`PositionBase`).
   */
  position: number | null;
  /** A purchase's value (price × quantity when the log gives both). */
  value: number | null;
  /** The application that logged it (UBI's `application`), when the log says. */
  application?: string | null;
}

/**
 * Where a log's positions start: `auto` reads a search as counting from 0 when one of its events (or of its
 * application's events) has ordinal 0, and from 1 otherwise; `0` and `1` say it for the whole file.
 */
export const POSITION_BASES = ['auto', '0', '1'] as const;
export type PositionBase = (typeof POSITION_BASES)[number];

/** A line the importer could not keep, and why: the field at fault and what is wrong with it. */
export interface RowProblem {
  field: string;
  reason: string;
}

export const LIMITS = {
  /** Characters of a query; a longer one is not something a shopper typed. */
  query: 1000,
  /** Characters of an id (search, session, user, item, configuration). */
  id: 256,
  /** Items of a page's hit ids. */
  hits: 1000,
  /** Characters of a filter. */
  filter: 10_000,
  /** Characters of a context variables object as JSON. */
  variables: 4096,
  /** Characters of one line of an imported file. */
  line: 1_000_000,
  /** Levels of objects and arrays in one line's JSON (a UBI line nests four: the line, its attributes, variables, a value). */
  depth: 32,
} as const;

/** The actions the traffic views count; any other action is kept and shown as it was named. */
export const ACTIONS = { click: 'click', addToCart: 'add_to_cart', purchase: 'purchase', search: 'search' } as const;
/** UBI 1.3's action for an item shown on a search's page: where a log lists no hits, its impressions are the page. */
export const IMPRESSION = 'impression';

/** `Add-To-Cart`, `add to cart`, `addToCart` → `add_to_cart`. */
export function normalAction(name: string): string {
  // Most logs already write them so: nothing to change.
  if (/^[a-z_]+$/.test(name)) return name;
  return name
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

export class RowError extends Error {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(reason);
  }
}

type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An id field: a string (or a whole number, as some logs write ids), trimmed, within the limit; null when absent. */
export function idField(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string') throw new RowError(field, `must be a string, got ${describe(value)}`);
  const id = text.trim();
  if (id.length > LIMITS.id) throw new RowError(field, `is ${id.length} characters; an id may have ${LIMITS.id}`);
  return id || null;
}

export function requiredId(value: unknown, field: string): string {
  const id = idField(value, field);
  if (id === null) throw new RowError(field, 'is missing');
  return id;
}

/** Query text: whitespace folded to single spaces, within the limit. Empty is allowed (a browse without words). */
export function queryField(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new RowError(field, value === undefined ? 'is missing' : `must be a string, got ${describe(value)}`);
  const query = value.replace(/\s+/g, ' ').trim();
  if (query.length > LIMITS.query) throw new RowError(field, `is ${query.length} characters; a query may have ${LIMITS.query}`);
  return query;
}

/** A timestamp: ISO 8601 text (a zone is required), or epoch milliseconds; kept as ISO in UTC. */
/** UTC to the millisecond as JSON writes it, each part in its range: kept as it is, without a Date made and printed. */
const CANONICAL_TIME = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** Whether the YYYY-MM-DD a text starts with is a day of the calendar (Date would roll 30 February into March). */
function realDay(text: string): boolean {
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(Number(text.slice(0, 4)), month, 0)).getUTCDate();
}

export function timeField(value: unknown, field: string): string {
  if (value === undefined || value === null || value === '') throw new RowError(field, 'is missing: the store files traffic by day');
  if (typeof value === 'string' && value.length === 24) {
    const m = CANONICAL_TIME.exec(value);
    if (m && m[1]! >= '1990' && m[1]! < '2200' && realDay(value)) return value;
  }
  let ms: number;
  if (typeof value === 'number' && Number.isFinite(value)) ms = value;
  else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(value.trim())) {
    const text = value.trim();
    // A date alone is UTC midnight; a date-time without a zone is read as UTC, as a warehouse would.
    ms = Date.parse(/T|\s/.test(text) && !/(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? `${text.replace(' ', 'T')}Z` : text.replace(' ', 'T'));
  } else throw new RowError(field, `is not a time (ISO 8601 or epoch milliseconds): ${describe(value)}`);
  if (typeof value === 'string' && !realDay(value.trim()))
    throw new RowError(field, `is not a time: ${describe(value)} names a day its month has not got`);
  if (!Number.isFinite(ms) || ms < Date.UTC(1990, 0, 1) || ms >= Date.UTC(2200, 0, 1))
    throw new RowError(field, `is not a time between 1990 and 2200: ${describe(value)}`);
  return new Date(ms).toISOString();
}

/** A position, a whole number from `first` (1, or 0 where a log may count from 0) to 10,000. */
export function positionField(value: unknown, field: string, first: 0 | 1 = 1): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < first || n > 10_000)
    throw new RowError(field, `must be a whole number from ${first} (the first result), got ${describe(value)}`);
  return n;
}

/** A money value: a finite number ≥ 0 (a string holding one is read). */
export function valueField(value: unknown, field: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 1e9)
    throw new RowError(field, `must be an amount ≥ 0, got ${describe(value)}`);
  return n;
}

export function filterField(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new RowError(field, `must be a string, got ${describe(value)}`);
  if (value.length > LIMITS.filter) throw new RowError(field, `is ${value.length} characters; a filter may have ${LIMITS.filter}`);
  return value.trim() || null;
}

export function hitIdsField(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new RowError(field, `must be an array of ids, got ${describe(value)}`);
  if (value.length > LIMITS.hits) throw new RowError(field, `has ${value.length} ids; a page may show ${LIMITS.hits}`);
  return value.map((id, i) => requiredId(id, `${field}[${i}]`));
}

export function variablesField(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) throw new RowError(field, `must be an object, got ${describe(value)}`);
  const text = JSON.stringify(value);
  if (text.length > LIMITS.variables) throw new RowError(field, `is ${text.length} characters as JSON; at most ${LIMITS.variables}`);
  return text === '{}' ? null : text;
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

/** Two 32-bit multiplicative lanes as 16 hex digits: a stable key for an action from its fields (not a security hash). */
export function fieldHash(parts: readonly (string | number | null)[]): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  for (const part of parts) {
    const text = part === null ? '\u0000' : String(part);
    for (let i = 0; i <= text.length; i++) {
      // Each part ends with a separator, so ("ab", "c") and ("a", "bc") differ.
      const c = i < text.length ? text.charCodeAt(i) : 0x1f;
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
      h2 ^= h2 >>> 15;
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b) ^ Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 0x85ebca6b) ^ Math.imul(h1 ^ (h1 >>> 13), 0xc2b2ae35);
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}

/** A stable order for actions at the same time (the simulator's): a hash of every field. The store's key is SQL's. */
export function actionOrderKey(e: EventRow): string {
  return fieldHash([e.searchId, e.sessionId, e.userId, e.ts, e.action, e.docid, e.position, e.value]);
}
