import { describe, expect, it } from 'vitest';
import { type EventRow, type LineProblem, type SearchRow, TrafficReader } from '../../../../src/shared/traffic';

/** A file read through the reader in pieces of `size` characters (the way the importer streams it). */
function read(text: string, size = 7) {
  const searches: SearchRow[] = [];
  const events: EventRow[] = [];
  const problems: LineProblem[] = [];
  const reader = new TrafficReader({ search: (s) => searches.push(s), event: (e) => events.push(e), problem: (p) => problems.push(p) });
  for (let i = 0; i < text.length; i += size) reader.feed(text.slice(i, i + size));
  const end = reader.end();
  return { searches, events, problems, ...end };
}

const lines = (...values: unknown[]) => values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join('\n');

describe('UBI 1.3 queries and events', () => {
  const query = {
    query_id: 'q1',
    client_id: 'c1',
    user_query: '  black   hoodie ',
    timestamp: '2026-11-01T10:00:00+01:00',
    query_attributes: {
      session_id: 's1',
      configurationId: 'default',
      segment: 'premium',
      page: 2,
      filter: 'price < 100',
      variables: { weather: 'rain' },
    },
    query_response_hit_ids: ['A', 'B'],
  };
  const click = {
    action_name: 'Click',
    query_id: 'q1',
    session_id: 's1',
    timestamp: 1_762_000_000_000,
    event_attributes: { object: { object_id: 'B' }, position: { ordinal: 2 } },
  };
  const purchase = {
    action_name: 'purchase',
    query_id: 'q1',
    client_id: 'c1',
    timestamp: '2026-11-01T10:05:00Z',
    event_attributes: { object: { object_id: 'B', price: 59.5 } },
  };

  it('reads a query with what it ran with and the ids shown, and events with their item, rank and value', () => {
    const r = read(lines(query, click, purchase));
    expect(r.formats).toEqual(['ubi']);
    expect(r.problems).toEqual([]);
    expect(r.searches).toEqual([
      {
        searchId: 'q1',
        sessionId: 's1',
        userId: null,
        clientId: 'c1',
        ts: '2026-11-01T09:00:00.000Z',
        query: 'black hoodie',
        configurationId: 'default',
        segment: 'premium',
        variables: '{"weather":"rain"}',
        hitIds: ['A', 'B'],
        hitCount: 2,
        filter: 'price < 100',
        page: 2,
        abTest: null,
        abVariation: null,
      },
    ]);
    expect(r.events).toEqual([
      {
        searchId: 'q1',
        sessionId: 's1',
        userId: null,
        ts: new Date(1_762_000_000_000).toISOString(),
        action: 'click',
        docid: 'B',
        position: 2,
        value: null,
      },
      {
        searchId: 'q1',
        sessionId: null,
        userId: 'c1',
        ts: '2026-11-01T10:05:00.000Z',
        action: 'purchase',
        docid: 'B',
        position: null,
        value: 59.5,
      },
    ]);
  });

  it('names each bad line with its field and goes on; blank lines are nothing', () => {
    const r = read(
      lines(
        query,
        '',
        { ...query, query_id: 'q2', user_query: 5 },
        'not json',
        [1, 2],
        { ...click, timestamp: 'yesterday' },
        { ...click, event_attributes: { position: { ordinal: -1 } } },
        { ...query, query_id: 'x'.repeat(300) },
        { ...query, query_response_hit_ids: 'A,B' },
        { ...query, query_id: 'q3', timestamp: undefined },
        { hello: 'world' },
        click,
      ),
    );
    expect(r.searches.map((s) => s.searchId)).toEqual(['q1']);
    expect(r.events).toHaveLength(1);
    expect(r.problems.map((p) => `${p.line}: ${p.field} ${p.reason}`)).toEqual([
      '3: user_query must be a string, got number 5',
      expect.stringMatching(/^4: \(line\) is not JSON/),
      '5: (line) is not a JSON object',
      '6: timestamp is not a time (ISO 8601 or epoch milliseconds): "yesterday"',
      '7: event_attributes.position.ordinal must be a whole number from 0 (the first result), got number -1',
      '8: query_id is 300 characters; an id may have 256',
      '9: query_response_hit_ids must be an array of ids, got "A,B"',
      '10: timestamp is missing: the store files traffic by day',
      '11: (line) is neither a UBI query (user_query), a UBI event (action_name) nor a tracker activity (action)',
    ]);
    expect(r.lines).toBe(12);
  });

  it('reads a JSON array, naming a bad item by its number', () => {
    const r = read(JSON.stringify([query, { ...click, action_name: '' }, click]), 5);
    expect(r.searches).toHaveLength(1);
    expect(r.events).toHaveLength(1);
    expect(r.problems).toEqual([{ line: 2, item: true, field: 'action_name', reason: 'is missing' }]);
  });

  it('a query that lists no hit ids has an unknown count; an empty list is a search that found nothing', () => {
    const { query_response_hit_ids: _h, ...bare } = query;
    const r = read(lines(bare, { ...query, query_id: 'q9', query_response_hit_ids: [] }));
    expect(r.searches.map((s) => s.hitCount)).toEqual([null, 0]);
  });

  it('a line over the limit is named once and skipped to its end; the next line is read', () => {
    const long = JSON.stringify({ ...query, user_query: 'x'.repeat(1_100_000) });
    const r = read(`${long}\n${JSON.stringify(click)}\n`, 64 * 1024);
    expect(r.problems).toEqual([{ line: 1, field: '(line)', reason: 'is over 1,000,000 characters' }]);
    expect(r.events).toHaveLength(1);
  });
});

describe("the tracker's activities", () => {
  const user = (session: string) => ({ identities: { sessionid: session, customerid: `u-${session}` }, segments: ['outlet'] });
  const search = (session: string, at: string, query: string, hitIds: string[]) => ({
    action: 'search',
    target: { query },
    metadata: { query, hitIds, configurationId: 'bestsellers' },
    user: user(session),
    timestamp: at,
  });

  it('ties each action to the latest search of its session that showed the item, its position from that search', () => {
    const r = read(
      lines(
        // Out of time order on purpose: the join does not need a sorted file.
        {
          action: 'add-to-cart',
          target: { product: 'B' },
          metadata: { price: 20, quantity: 2 },
          user: user('s1'),
          timestamp: '2026-11-01T10:03:00Z',
        },
        search('s1', '2026-11-01T10:00:00Z', 'tent', ['A', 'B']),
        search('s1', '2026-11-01T10:02:00Z', 'tarp', ['C', 'D']),
        { action: 'click', target: { product: 'B' }, user: user('s1'), timestamp: '2026-11-01T10:02:30Z' },
        { action: 'click', target: { product: 'D' }, metadata: { position: 2 }, user: user('s1'), timestamp: '2026-11-01T10:02:40Z' },
        {
          action: 'purchase',
          target: { product: 'B' },
          metadata: { price: 20, quantity: 2 },
          user: user('s1'),
          timestamp: '2026-11-01T10:09:00Z',
        },
        { action: 'click', target: { product: 'A' }, user: user('s2'), timestamp: '2026-11-01T10:02:30Z' },
        { action: 'click', target: { product: 'A' }, user: user('s1'), timestamp: '2026-11-01T11:00:00Z' },
        { action: 'add-to-cart', opposite: true, target: { product: 'B' }, user: user('s1'), timestamp: '2026-11-01T10:04:00Z' },
      ),
    );
    expect(r.formats).toEqual(['activities']);
    const [tent, tarp] = r.searches;
    expect(tent).toMatchObject({
      query: 'tent',
      sessionId: 's1',
      userId: 'u-s1',
      segment: 'outlet',
      configurationId: 'bestsellers',
      hitIds: ['A', 'B'],
    });
    const tied = r.events.map((e) => [
      e.action,
      e.docid,
      e.searchId === tent!.searchId ? 'tent' : e.searchId === tarp!.searchId ? 'tarp' : e.searchId,
      e.position,
      e.value,
    ]);
    expect(tied).toEqual([
      ['add_to_cart', 'B', 'tent', 2, null],
      ['click', 'B', 'tent', 2, null],
      ['click', 'D', 'tarp', 2, null],
      ['purchase', 'B', 'tent', 2, 40],
      // Another session's search is not this shopper's; an hour later is past the 30-minute window.
      ['click', 'A', null, null, null],
      ['click', 'A', null, null, null],
      ['undo_add_to_cart', 'B', 'tent', 2, null],
    ]);
  });

  it('names a bad activity by its field', () => {
    const r = read(
      lines(
        { action: 'click', target: 'B', timestamp: '2026-11-01T10:00:00Z' },
        { target: {} },
        { action: 'click', user: { identities: 'x' }, timestamp: '2026-11-01T10:00:00Z' },
      ),
    );
    expect(r.problems.map((p) => `${p.line}: ${p.field} ${p.reason}`)).toEqual([
      '1: target must be an object',
      '2: (line) is neither a UBI query (user_query), a UBI event (action_name) nor a tracker activity (action)',
      '3: user.identities must be an object of identities',
    ]);
  });
});

describe('a plain CSV log', () => {
  it('search rows, impressions and actions; a session and query with no search row counts one search', () => {
    const r = read(
      [
        'session,timestamp,query,docid,position,action,value',
        's1,2026-11-01T10:00:00Z,tent,,,search,2',
        's1,2026-11-01T10:00:00Z,tent,A,1,impression',
        's1,2026-11-01T10:00:00Z,tent,B,2,impression',
        's1,2026-11-01T10:00:30Z,tent,B,2,click',
        's1,2026-11-01T10:01:00Z,tent,B,2,purchase,99.5',
        's2,2026-11-02T08:00:00Z,"tarp, green",Q,3,click',
        's2,2026-11-02T08:01:00Z,"tarp, green",R,5,click',
        "s3,2026-11-02T08:00:00Z,'=cmd,Q,3,click",
        's3,soon,tent,Q,3,click',
        's3,2026-11-02T08:00:00Z,tent,Q,3,',
        's3,2026-11-02T08:00:00Z,tent,Q',
      ].join('\r\n'),
    );
    expect(r.formats).toEqual(['csv']);
    expect(r.searches.map((s) => [s.sessionId, s.query, s.hitIds, s.hitCount])).toEqual([
      ['s1', 'tent', ['A', 'B'], 2],
      ['s2', 'tarp, green', [], null],
      // A cell the writer defused is read back as it was typed.
      ['s3', '=cmd', [], null],
    ]);
    const [tent, tarp] = r.searches;
    expect(
      r.events.map((e) => [
        e.searchId === tent!.searchId ? 'tent' : e.searchId === tarp!.searchId ? 'tarp' : 'other',
        e.action,
        e.docid,
        e.position,
        e.value,
      ]),
    ).toEqual([
      ['tent', 'click', 'B', 2, null],
      ['tent', 'purchase', 'B', 2, 99.5],
      ['tarp', 'click', 'Q', 3, null],
      ['tarp', 'click', 'R', 5, null],
      ['other', 'click', 'Q', 3, null],
    ]);
    expect(r.problems.map((p) => `${p.line}: ${p.field} ${p.reason}`)).toEqual([
      '10: timestamp is not a time (ISO 8601 or epoch milliseconds): "soon"',
      '11: action is missing',
      '12: (row) has 4 columns; a traffic CSV has session,timestamp,query,docid,position,action[,value]',
    ]);
  });
});

describe('times', () => {
  const at = (timestamp: unknown) =>
    read(JSON.stringify({ action_name: 'click', timestamp })).events[0]?.ts ??
    read(JSON.stringify({ action_name: 'click', timestamp })).problems[0]?.reason;

  it('UTC as JSON writes it is kept; an offset, a space, no zone, seconds alone or epoch milliseconds become it', () => {
    expect(at('2026-11-01T10:00:00.123Z')).toBe('2026-11-01T10:00:00.123Z');
    expect(at('2026-11-01T10:00:00+02:00')).toBe('2026-11-01T08:00:00.000Z');
    expect(at('2026-11-01 10:00:00')).toBe('2026-11-01T10:00:00.000Z');
    expect(at('2026-11-01')).toBe('2026-11-01T00:00:00.000Z');
    expect(at(Date.UTC(2026, 10, 1))).toBe('2026-11-01T00:00:00.000Z');
    // ISO 8601's end of a day is the next day's start.
    expect(at('2026-11-01T24:00:00.000Z')).toBe('2026-11-02T00:00:00.000Z');
    expect(at('2028-02-29T10:00:00.000Z')).toBe('2028-02-29T10:00:00.000Z');
  });

  it('a day or month out of range, or a year outside 1990–2200, is refused', () => {
    for (const bad of [
      '2026-13-01T10:00:00.000Z',
      '2026-02-30T10:00:00.000Z',
      '2026-02-29 10:00:00',
      '1989-12-31T10:00:00.000Z',
      '2200-01-01T00:00:00.000Z',
    ])
      expect(at(bad), bad).toMatch(/^is not a time/);
  });
});

describe('UBI as other tools write it', () => {
  const click = {
    application: 'esci',
    action_name: 'click',
    query_id: 'q1',
    timestamp: '2024-12-11T04:56:49.419+0000',
    event_attributes: { object: { object_id: 'B' }, position: { ordinal: 0 } },
  };

  it('bulk NDJSON: action lines skipped and counted, never bad lines; ordinal 0 read as written', () => {
    const r = read(lines({ index: { _index: 'ubi_events', _id: '1' } }, click, { create: { _index: 'ubi_events' } }, click));
    expect(r.problems).toEqual([]);
    expect(r.bulk).toBe(2);
    expect(r.events).toHaveLength(2);
    expect(r.events[0]).toMatchObject({ position: 0, application: 'esci', ts: '2024-12-11T04:56:49.419Z' });
  });

  it('one event written over several lines is that event; a file that is neither one document nor JSON Lines names its lines', () => {
    const pretty = read(JSON.stringify(click, null, 2));
    expect(pretty.problems).toEqual([]);
    expect(pretty.events).toHaveLength(1);
    const broken = read(`{\n  "action_name": "click",\n${JSON.stringify(click)}\n`);
    expect(broken.events).toHaveLength(1);
    expect(broken.problems.map((p) => p.line)).toEqual([1, 2]);
  });

  it('blank lines before the first record count as lines', () => {
    const r = read(`\n\n${JSON.stringify(click)}\nnot json\n`);
    expect(r.problems.map((p) => p.line)).toEqual([4]);
  });
});
