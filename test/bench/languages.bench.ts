import { compileFilter, parseFilter } from '../../src/shared/filter';
import { compileMask, parseMask } from '../../src/shared/mask';
import { decodeSearchUrl, encodeSearchUrl } from '../../src/shared/request/url-codec';
import { formatNumber, printTable } from './table';

const FILTERS = [
  'price < 100',
  '(size = 137 OR size = 119) AND (price > 10 AND price < 100)',
  "brand = 'Nike' AND colour != red AND rating >= 4 AND created > 2024-01-01",
  '(category = shoes OR category = boots) AND (brand = Puma OR brand = Adidas OR brand = Nike) AND stock > 0 AND recommended = true',
];

function items(n: number) {
  const brands = ['Nike', 'Puma', 'Adidas', 'Reebok'];
  return Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    price: (i * 37) % 300,
    size: [119, 137, 140][i % 3],
    brand: brands[i % 4],
    colour: i % 2 ? 'red' : 'blue',
    rating: (i % 50) / 10,
    created: `2024-0${(i % 9) + 1}-15T10:00:00Z`,
    category: i % 2 ? 'shoes' : 'boots',
    stock: i % 7,
    recommended: i % 3 === 0,
    product: { title: `Item ${i}`, price: i, description: 'x'.repeat(200), sizes: ['40', '41'], media: { main: 'a.jpg' } },
  }));
}

function rate(fn: () => void, minMs = 300): number {
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < minMs) {
    fn();
    n++;
  }
  return (n / (performance.now() - start)) * 1000;
}

/** Parse and evaluate throughput of the languages, beside hand-written JavaScript doing the same work. */
export async function benchLanguages(): Promise<void> {
  const rows: (string | number)[][] = [];
  for (const f of FILTERS) {
    const parse = rate(() => parseFilter(f));
    const json = JSON.stringify({ f });
    const peer = rate(() => JSON.parse(json));
    rows.push([`parse: ${f.length} chars`, formatNumber(parse), 'JSON.parse of same text', formatNumber(peer)]);
  }
  const data = items(20_000);
  const complex = compileFilter(parseFilter(FILTERS[1]!).ast);
  const handWritten = (x: (typeof data)[number]) => (x.size === 137 || x.size === 119) && x.price > 10 && x.price < 100;
  const ours = rate(() => data.filter(complex), 500) * data.length;
  const native = rate(() => data.filter(handWritten), 500) * data.length;
  rows.push(['evaluate: compiled filter, items/s', formatNumber(ours), 'hand-written predicate', formatNumber(native)]);

  const thousand = data.slice(0, 1000);
  const mask = compileMask('id, product(title, price, sizes)')!;
  const pick = (x: (typeof data)[number]) => ({
    id: x.id,
    product: { title: x.product.title, price: x.product.price, sizes: x.product.sizes },
  });
  const maskPerSec = rate(() => thousand.map(mask), 500);
  const pickPerSec = rate(() => thousand.map(pick), 500);
  rows.push(['mask over 1,000 items, runs/s', formatNumber(maskPerSec), 'hand-written pick', formatNumber(pickPerSec)]);
  rows.push(['mask parse, masks/s', formatNumber(rate(() => parseMask('id, product(title, price, media.*.url), score'))), '—', '—']);

  const url = encodeSearchUrl('https://eu.example.com', {
    token: 't',
    query: 'red shoes',
    options: { limit: 24, filter: FILTERS[2], facets: [{ id: 'brand', values: ['Nike', 'Puma'] }] },
  });
  rows.push([
    'URL decode, URLs/s',
    formatNumber(rate(() => decodeSearchUrl(url))),
    'new URL() alone',
    formatNumber(rate(() => new URL(url))),
  ]);

  printTable('Languages: throughput (per second, higher is better)', ['operation', 'ours', 'peer', 'peer rate'], rows);
  const perFilterUs = 1e6 / (ours / data.length);
  console.log(`  → one compiled filter over 20,000 items: ${(perFilterUs / 1000).toFixed(2)} ms`);
}
