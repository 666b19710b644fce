import type { PositionBase } from './rows';
import { plural } from '../text';

/** What a file holds, as the reader found it. */
export type TrafficFormat = 'ubi' | 'activities' | 'csv';

/** A line the importer could not keep. */
export interface LineProblem {
  /** The line of a JSON Lines or CSV file, or the item (1-based) of a JSON array. */
  line: number;
  /** `line` counts an array's items, not lines. */
  item?: boolean;
  field: string;
  reason: string;
}

/** The lines that failed for one reason: how many, the first one's words and the first few lines. */
export interface ProblemGroup {
  field: string;
  /** The first such line's reason, in full (the others differ only in the values they quote). */
  reason: string;
  count: number;
  lines: { line: number; item?: boolean }[];
}

/** What importing one file gave. */
export interface FileImport {
  /** The file as it was given. */
  file: string;
  formats: TrafficFormat[];
  /** The same bytes were imported before (at this time): nothing was read again. */
  already?: string;
  lines: number;
  searches: {
    /** Query records read. */
    read: number;
    /** Searches kept. */
    added: number;
    /** Records folded into another of the same id (a search logged more than once: the one with hits is kept). */
    folded: number;
    /** Searches the store held before this file (the same search: a conflict is counted in `conflicts`). */
    known: number;
  };
  events: {
    read: number;
    added: number;
    /** Actions the file holds more than once, field for field. */
    repeated: number;
    /** Actions the store held before this file. */
    known: number;
    /** Actions kept that name no search the store holds (after this file). */
    untied: number;
  };
  /**
   * Searches whose id the store already held for a different search (another query, session or user), with their
   * actions: neither kept. Only there when there is one; `examples` names the first ids.
   */
  conflicts?: { searches: number; events: number; examples: string[] };
  /** Bulk action lines (`{"index": {…}}`) skipped. */
  bulk: number;
  /** Searches whose page this file's impressions gave (their request listed no hits). */
  shownByImpressions: number;
  /** Where positions were counted from: the rule, and the searches (and applications) read as counting from 0. */
  positions: { base: PositionBase; fromZero: number; applications: string[] };
  /** Lines that could not be kept. */
  skipped: number;
  /** The first 100 named, in the file's order. */
  problems: LineProblem[];
  /** Every reason with its count and first lines, most frequent first. */
  problemGroups: ProblemGroup[];
}

/** A new file's result before anything is read. */
export function emptyImport(file: string, base: PositionBase): FileImport {
  return {
    file,
    formats: [],
    lines: 0,
    searches: { read: 0, added: 0, folded: 0, known: 0 },
    events: { read: 0, added: 0, repeated: 0, known: 0, untied: 0 },
    bulk: 0,
    shownByImpressions: 0,
    positions: { base, fromZero: 0, applications: [] },
    skipped: 0,
    problems: [],
    problemGroups: [],
  };
}

/** Bad lines named one by one; the rest are counted. */
export const NAMED_PROBLEMS = 100;
/** Lines named under each reason. */
const LINES_PER_REASON = 5;
/** Reasons kept apart; beyond them, the rest are counted under one. */
const MAX_REASONS = 50;

/** What makes two problems the same reason: the field and the words, without the values they quote. */
function reasonKey(p: LineProblem): string {
  const words = p.reason.split(/ \(|: |, got |; /)[0]!;
  return `${p.field}\u0000${words.replace(/"[^"]*"|\d[\d,.]*/g, '#')}`;
}

/** Counts a file's problems as they come: the first 100 named in order, and each reason with its first lines. */
export class ProblemTally {
  private readonly groups = new Map<string, ProblemGroup>();

  constructor(private readonly into: FileImport) {}

  add(p: LineProblem): void {
    const r = this.into;
    r.skipped++;
    if (r.problems.length < NAMED_PROBLEMS) r.problems.push(p);
    let key = reasonKey(p);
    if (!this.groups.has(key) && this.groups.size >= MAX_REASONS) key = '(other)';
    let group = this.groups.get(key);
    if (!group) {
      group =
        key === '(other)'
          ? { field: '(line)', reason: 'failed for other reasons', count: 0, lines: [] }
          : { field: p.field, reason: p.reason, count: 0, lines: [] };
      this.groups.set(key, group);
    }
    group.count++;
    if (group.lines.length < LINES_PER_REASON) group.lines.push(p.item ? { line: p.line, item: true } : { line: p.line });
  }

  /** The reasons into the result, most frequent first. */
  finish(): void {
    this.into.problemGroups = [...this.groups.values()].sort((a, b) => b.count - a.count);
  }
}

const n = (x: number) => x.toLocaleString('en-US');

/** Where a problem is: `file:12` (a line) or `file:item 12` (an item of a JSON array). */
export const problemPlace = (file: string, at: { line: number; item?: boolean }) => `${file}:${at.item ? `item ${at.line}` : at.line}`;

/**
 * What one file's import gave, in the words the app and the command line both use: what was kept, and each reason
 * something was not (folded, already in the store, repeated in the file, bulk lines, bad lines), with where positions
 * were counted from and what impressions gave.
 */
export function importOutcome(r: Omit<FileImport, 'formats'> & { formats: string[] }): string {
  if (r.already) return `imported before (${r.already}); nothing added`;
  const parts = [
    `${r.formats.join(' + ') || 'nothing readable'}`,
    `kept ${plural(r.searches.added, 'search', 'searches')} and ${plural(r.events.added, 'event')}`,
  ];
  if (r.searches.folded)
    parts.push(`${plural(r.searches.folded, 'record')} of a search logged more than once folded into it (the one with hits kept)`);
  if (r.conflicts)
    parts.push(
      `${plural(r.conflicts.searches, 'search', 'searches')} not kept, with ${plural(r.conflicts.events, 'event')}: the store holds ${r.conflicts.searches === 1 ? 'its id' : 'their ids'} for a different search (a conflict; e.g. ${r.conflicts.examples.slice(0, 3).join(', ')})`,
    );
  const known = r.searches.known + r.events.known;
  if (known) parts.push(`${n(known)} already in the store`);
  if (r.events.repeated) parts.push(`${plural(r.events.repeated, 'event')} repeated in the file, kept once`);
  if (r.bulk) parts.push(`${plural(r.bulk, 'bulk action line')} skipped`);
  if (r.positions.fromZero)
    parts.push(
      r.positions.base === '0'
        ? 'positions counted from 0 (--positions 0)'
        : `positions counted from 0 in ${plural(r.positions.fromZero, 'search', 'searches')} (ordinal 0 seen${r.positions.applications.length ? `; ${r.positions.applications.join(', ')}` : ''}), from 1 elsewhere`,
    );
  if (r.shownByImpressions)
    parts.push(`impressions gave the page of ${plural(r.shownByImpressions, 'search', 'searches')} that listed no hits`);
  if (r.events.untied) parts.push(`${plural(r.events.untied, 'event')} tied to no search in the store`);
  if (r.skipped) parts.push(`skipped ${plural(r.skipped, 'bad line')}`);
  return parts.join(' · ');
}

/** A reason's count and words: `3 lines: event_attributes.position.ordinal must be …`. */
export const problemGroupText = (g: ProblemGroup) => `${plural(g.count, g.lines[0]?.item ? 'item' : 'line')}: ${g.field} ${g.reason}`;
