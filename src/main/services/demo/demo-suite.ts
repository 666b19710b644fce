import { AB_TEST_FORMAT, type AbTest } from '../../../shared/abtest';
import type { Assertion } from '../../../shared/request';
import { WORKSPACE_FORMATS, type QuerySet, type RequestFile } from '../../../shared/workspace';

/**
 * The demo regression suite: request files and a query set with expectations on the Local demo catalog (20,000
 * items, seed 42). Every assertion passes on the `default` configuration; on `bestsellers`, which ranks by ratings
 * and reviews, four fail for reasons a merchandiser can read off the report: the pinned jacket and backpack lose
 * their places, an item out of stock reaches the top 10, and the trail shoe that should lead is gone. None of it
 * depends on the hour (bestsellers' evening trigger moves items, not these outcomes). The same files are in the
 * repository under examples/workspace/ (a unit test keeps them equal to these).
 */

const SAVED_AT = '2026-11-01T00:00:00.000Z';
const TOKEN = 'demo-search-token-0001';

type SearchOptions = NonNullable<Extract<RequestFile, { kind: 'search' }>['request']['options']>;

const search = (name: string, query: string, expect: Assertion[], options: SearchOptions = {}): RequestFile => ({
  format: WORKSPACE_FORMATS.requests,
  version: 1,
  name,
  profileName: 'Local demo',
  savedAt: SAVED_AT,
  kind: 'search',
  transport: 'post',
  request: { token: TOKEN, query, options: { offset: 0, limit: 24, ...options } },
  expect,
});

const requests: Record<string, RequestFile> = {
  'demo-suite-rain-jacket.json': search('Rain jacket: the kids’ jacket we promote', 'rain jacket', [
    { type: 'inTop', name: 'The Tessel kids’ rain jacket stays in the top 3', id: 'SKU-108083', k: 3 },
    { type: 'matchInTop', filter: "category = 'Kids Jackets' OR category = 'Jackets'", k: 10 },
    { type: 'facet', id: 'gender', value: 'Kids', minCount: 100 },
    { type: 'count', min: 1000, max: 5000 },
    { type: 'time', maxMs: 1000 },
  ]),
  'demo-suite-trail-running-shoes.json': search('Trail running shoes', 'trail running shoes', [
    { type: 'noneInTop', name: 'Nothing out of stock in the top 10', filter: 'stock = 0', k: 10 },
    { type: 'matchInTop', filter: "category = 'Trail Running Shoes'", k: 10 },
    { type: 'above', name: 'The Northvale Summit leads the Korvo Switchback', id: 'SKU-106837', other: 'SKU-112997' },
  ]),
  'demo-suite-backpack.json': search('Backpack: the Halden Ascent first', 'backpack', [
    { type: 'atRank', id: 'SKU-115970', rank: 1 },
    { type: 'matchInTop', filter: "category = 'Backpacks'", k: 10, atLeast: 9 },
    { type: 'facet', id: 'brand', value: 'Northvale', minCount: 50 },
  ]),
  'demo-suite-hiking-boots.json': search('Hiking boots: boots only', 'hiking boots', [
    { type: 'notInTop', name: 'No tent among the boots', id: 'SKU-113224', k: 10 },
    { type: 'matchInTop', filter: "category = 'Hiking Boots'", k: 10 },
    { type: 'notEmpty' },
  ]),
  'demo-suite-womens-hiking-shorts.json': search('Women’s hiking shorts', 'womens hiking shorts', [
    { type: 'noneInTop', name: 'No men’s items in the top 10', filter: "gender = 'Men'", k: 10 },
    { type: 'facet', id: 'category', value: 'Shorts' },
  ]),
  'demo-suite-gift-card.json': search('Gift card redirects', 'gift card', [
    { type: 'redirect', url: '*/gift-cards*' },
    { type: 'count', max: 0 },
  ]),
  'demo-suite-returns.json': search('Returns redirect to the help page', 'returns', [
    { type: 'redirect', url: 'https://shop.example.com/help/*' },
  ]),
  'demo-suite-suggest-back.json': {
    format: WORKSPACE_FORMATS.requests,
    version: 1,
    name: 'Suggest “back”: backpacks and tents',
    profileName: 'Local demo',
    savedAt: SAVED_AT,
    kind: 'suggest',
    transport: 'post',
    request: {
      token: TOKEN,
      query: 'back',
      options: { groupBy: { attribute: 'category', values: ['Backpacks', 'Tents', 'Jackets'], size: 5 } },
    },
    expect: [{ type: 'group', value: 'Backpacks', minItems: 3 }, { type: 'group', value: 'Tents', minItems: 3 }, { type: 'notEmpty' }],
  },
  'demo-suite-autocomplete-back.json': {
    format: WORKSPACE_FORMATS.requests,
    version: 1,
    name: 'Autocomplete “back”',
    profileName: 'Local demo',
    savedAt: SAVED_AT,
    kind: 'autocomplete',
    transport: 'post',
    request: { token: TOKEN, query: 'back' },
    expect: [
      { type: 'suggestion', text: 'backpack', within: 3 },
      { type: 'suggestion', text: 'backpacking tent', within: 5 },
      { type: 'time', maxMs: 1000 },
    ],
  },
};

const querySet: QuerySet = {
  format: WORKSPACE_FORMATS['query-sets'],
  version: 1,
  name: 'Demo suite: everyday queries',
  createdAt: SAVED_AT,
  updatedAt: SAVED_AT,
  source: 'Local demo',
  queries: [
    {
      query: 'tent',
      note: 'Tents only, and plenty of them.',
      expect: [{ type: 'notEmpty' }, { type: 'matchInTop', filter: "category = 'Tents'", k: 10, atLeast: 8 }],
    },
    { query: 'fleece jacket', expect: [{ type: 'count', min: 100 }] },
    { query: 'unicorn saddle', note: 'The shop sells nothing of the kind.', expect: [{ type: 'count', max: 0 }] },
  ],
};

/**
 * The demo's A/B test: half the users on `default` (the control), half on `new-arrivals`, running since 2026-11-01. The shipped week of demo traffic was simulated under it (DEMO_TRAFFIC), so Local demo has a running
 * test whose true answer is known (test/fixtures/traffic/demo-truth.json).
 */
export const DEMO_AB_TEST: AbTest = {
  format: AB_TEST_FORMAT,
  version: 1,
  id: 'demo-ranking-nov',
  name: 'Demo: default against new-arrivals',
  variations: [
    { id: 'control', weight: 50, configurationId: 'default' },
    { id: 'new-arrivals', weight: 50, configurationId: 'new-arrivals' },
  ],
  start: '2026-11-01',
};
export const DEMO_AB_TEST_FILE = 'demo-ranking-test.json';

/** The suite's files: request files (workspace `requests/`), one query set (`query-sets/`) and the demo's A/B test (`ab-tests/`). */
export const DEMO_SUITE = {
  requests,
  querySets: { 'demo-suite-queries.json': querySet } as Record<string, QuerySet>,
  abTests: { [DEMO_AB_TEST_FILE]: DEMO_AB_TEST } as Record<string, AbTest>,
};

/** The files as the repository keeps them under examples/workspace/: pretty JSON, one per file. */
export function demoSuiteFiles(): { path: string; text: string }[] {
  const text = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return [
    ...Object.entries(DEMO_SUITE.requests).map(([file, value]) => ({ path: `requests/${file}`, text: text(value) })),
    ...Object.entries(DEMO_SUITE.querySets).map(([file, value]) => ({ path: `query-sets/${file}`, text: text(value) })),
    ...Object.entries(DEMO_SUITE.abTests).map(([file, value]) => ({ path: `ab-tests/${file}`, text: text(value) })),
  ];
}
