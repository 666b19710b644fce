import { describe, expect, it } from 'vitest';
import { emptyImport, importOutcome, problemGroupText, ProblemTally } from '../../../../src/shared/traffic';

describe("an import's problems, by reason", () => {
  it('counts every bad line under its reason, names the first five of each, most frequent first', () => {
    const r = emptyImport('log.jsonl', 'auto');
    const tally = new ProblemTally(r);
    for (let line = 1; line <= 300; line++)
      tally.add({ line, field: 'timestamp', reason: `is not a time (ISO 8601 or epoch milliseconds): "day ${line}"` });
    tally.add({ line: 301, field: '(line)', reason: 'is not JSON (Unexpected token b in JSON at position 1)' });
    tally.add({ line: 302, field: '(line)', reason: "is not JSON (Expected property name or '}' in JSON at position 1)" });
    tally.add({ line: 303, field: 'query_id', reason: 'is 300 characters; an id may have 256' });
    tally.finish();
    expect(r.skipped).toBe(303);
    // The first hundred named in order, as before; the reasons beside them.
    expect(r.problems).toHaveLength(100);
    expect(r.problemGroups.map((g) => [g.field, g.count, g.lines.map((l) => l.line)])).toEqual([
      ['timestamp', 300, [1, 2, 3, 4, 5]],
      ['(line)', 2, [301, 302]],
      ['query_id', 1, [303]],
    ]);
    expect(problemGroupText(r.problemGroups[0]!)).toBe('300 lines: timestamp is not a time (ISO 8601 or epoch milliseconds): "day 1"');
  });

  it('beyond fifty reasons, the rest are counted under one', () => {
    const r = emptyImport('log.jsonl', 'auto');
    const tally = new ProblemTally(r);
    for (let i = 0; i < 60; i++) tally.add({ line: i + 1, field: `field_${String.fromCharCode(97 + (i % 26))}${i}`, reason: 'is missing' });
    tally.finish();
    expect(r.problemGroups).toHaveLength(51);
    expect(r.problemGroups.find((g) => g.reason === 'failed for other reasons')?.count).toBe(10);
  });
});

describe("an import's outcome in words", () => {
  it('says "already in the store" only for what the store held before, and each other reason apart', () => {
    const r = emptyImport('log.jsonl', 'auto');
    Object.assign(r.searches, { read: 12, added: 4, folded: 6, known: 2 });
    Object.assign(r.events, { read: 10, added: 7, repeated: 3, known: 0, untied: 1 });
    expect(importOutcome({ ...r, formats: ['UBI 1.3'] })).toBe(
      'UBI 1.3 · kept 4 searches and 7 events · 6 records of a search logged more than once folded into it (the one with hits kept) · 2 already in the store · 3 events repeated in the file, kept once · 1 event tied to no search in the store',
    );
    expect(importOutcome({ ...r, formats: [], already: '2026-12-01T10:00:00.000Z' })).toBe(
      'imported before (2026-12-01T10:00:00.000Z); nothing added',
    );
  });
});
