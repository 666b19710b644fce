import { describe, expect, it } from 'vitest';
import { csvLines } from '../../../../src/shared/csv';
import { TRAFFIC_COLUMNS, trafficCsvPieces, trafficJsonPieces, type TrafficRow } from '../../../../src/shared/traffic';
import { trafficHtmlOf } from '../../../../src/report';

const row = (i: number): TrafficRow => ({
  group: i % 3 ? `query ${i}` : `=cmd|"${i}"\n,`,
  searches: 100 - i,
  sessions: 2,
  clicks: i,
  ctrAtK: i / 7,
  zeroResultRate: 0,
  noClickRate: 1 - i / 100,
  addToCartRate: 0.25,
  conversionRate: 0,
  revenuePerSearch: 12.5,
  meanClickPosition: i % 2 ? null : 3.5,
});

async function* chunked(rows: TrafficRow[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function text(pieces: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const piece of pieces) out += piece;
  return out;
}

describe('traffic reports written a chunk at a time', () => {
  const rows = Array.from({ length: 25 }, (_, i) => row(i));

  it('JSON: the very text JSON.stringify prints for { k, rows }, whatever the chunking, and for no rows', async () => {
    for (const size of [1, 4, 25, 100])
      expect(await text(trafficJsonPieces(10, chunked(rows, size)))).toBe(`${JSON.stringify({ k: 10, rows }, null, 2)}\n`);
    expect(await text(trafficJsonPieces(5, chunked([], 3)))).toBe(`${JSON.stringify({ k: 5, rows: [] }, null, 2)}\n`);
    const parsed = JSON.parse(await text(trafficJsonPieces(10, chunked(rows, 7)))) as { rows: TrafficRow[] };
    expect(parsed.rows).toEqual(rows);
  });

  it('CSV: the header, then every row, defused and quoted as the whole file would be', async () => {
    const whole = `${csvLines([TRAFFIC_COLUMNS, ...rows.map((r) => TRAFFIC_COLUMNS.map((c) => r[c]))])}\n`;
    expect(await text(trafficCsvPieces(chunked(rows, 4)))).toBe(whole);
    expect(await text(trafficCsvPieces(chunked([], 4)))).toBe(`${csvLines([TRAFFIC_COLUMNS])}\n`);
    expect(whole).toContain(`"'=cmd|""0""\n,"`);
  });

  it('HTML: counts every row and search it was handed, shows them all under the page limit', async () => {
    const { text: html, rows: counted } = await trafficHtmlOf('query', 10, chunked(rows, 6), 'Traffic');
    expect(counted).toBe(25);
    expect(html.match(/<tr>/g)).toHaveLength(26);
    const searches = rows.reduce((n, r) => n + r.searches, 0);
    expect(html).toContain(`25 queries · ${searches.toLocaleString('en-US')} searches`);
    expect(html).not.toContain('left out');
  });
});
